-- Trigram search for the leads inbox (decision 024); a trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "default_country" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "lead_status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "done_by" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || message || ' ' || coalesce(data::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_notification_id_idx" ON "lead_events" USING btree ("notification_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_events_seen_once_idx" ON "lead_events" USING btree ("notification_id","user_id") WHERE "lead_events"."kind" = 'seen';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_entity_status_seq_idx" ON "notifications" USING btree ("entity_id","lead_status","seq");--> statement-breakpoint
CREATE INDEX "notifications_entity_claimed_by_seq_idx" ON "notifications" USING btree ("entity_id","claimed_by","seq");--> statement-breakpoint
CREATE INDEX "notifications_search_text_idx" ON "notifications" USING gin ("search_text" gin_trgm_ops);