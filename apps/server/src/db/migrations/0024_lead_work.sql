-- Issue 26: what the team does with a lead after the ring. Notes, replies, call and message attempts,
-- outcomes and acknowledgements are lead_events with a detail; a lead keeps where it came from
-- (referrer, campaign parameters, the derived source) and its outcome; a flow its acknowledgement
-- to the visitor; an entity its reply-to address and currency; canned replies per entity.
CREATE TABLE "acknowledgements_sent" (
	"flow_id" uuid NOT NULL,
	"address_hash" text NOT NULL,
	"day" date NOT NULL,
	"entity_id" uuid NOT NULL,
	"notification_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acknowledgements_sent_flow_id_address_hash_day_pk" PRIMARY KEY("flow_id","address_hash","day")
);
--> statement-breakpoint
CREATE TABLE "canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "reply_to_email" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "acknowledgement_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "acknowledgement_subject" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "acknowledgement_body" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "acknowledgement_after_hours_body" text;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "traffic_source" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outcome_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outcome_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outcome_by" text;--> statement-breakpoint
ALTER TABLE "acknowledgements_sent" ADD CONSTRAINT "acknowledgements_sent_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements_sent" ADD CONSTRAINT "acknowledgements_sent_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements_sent" ADD CONSTRAINT "acknowledgements_sent_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acknowledgements_sent_day_idx" ON "acknowledgements_sent" USING btree ("day");--> statement-breakpoint
CREATE INDEX "canned_replies_entity_id_idx" ON "canned_replies" USING btree ("entity_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_outcome_by_users_id_fk" FOREIGN KEY ("outcome_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TYPE leadbell_batch_item ADD ATTRIBUTE referrer text, ADD ATTRIBUTE attribution jsonb, ADD ATTRIBUTE traffic_source text;
