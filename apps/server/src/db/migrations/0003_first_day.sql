CREATE TABLE "entity_alerts" (
	"entity_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "entity_alerts_entity_id_period_start_kind_pk" PRIMARY KEY("entity_id","period_start","kind")
);
--> statement-breakpoint
ALTER TABLE "delivery_preferences" ALTER COLUMN "email_notifications" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ALTER COLUMN "email_notifications" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "kind" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "flow_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "fallback_reason" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "push_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "last_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "redirect_problem" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "redirect_problem_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "is_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "page_url" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "shortened_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_usage" ADD COLUMN "held_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_usage" ADD COLUMN "test_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_alerts" ADD CONSTRAINT "entity_alerts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_active_hook_per_flow_idx" ON "api_keys" USING btree ("flow_id") WHERE "api_keys"."kind" = 'hook' and "api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_email_per_user_idx" ON "deliveries" USING btree ("notification_id","user_id") WHERE "deliveries"."channel" = 'email';--> statement-breakpoint
CREATE INDEX "notifications_held_idx" ON "notifications" USING btree ("entity_id") WHERE "notifications"."is_held";--> statement-breakpoint
-- Devices that already delivered count as confirmed, so existing owners do not start getting email copies.
INSERT INTO "delivery_preferences" ("user_id", "push_confirmed_at")
SELECT "user_id", min("last_success_at") FROM "push_subscriptions" WHERE "last_success_at" IS NOT NULL GROUP BY "user_id"
ON CONFLICT ("user_id") DO UPDATE SET "push_confirmed_at" = excluded."push_confirmed_at";
