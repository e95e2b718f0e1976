-- Issue 50: every attempt at a webhook or Slack delivery is kept (a 500 and the 200 after it both show);
-- a member away (delivery_preferences.away_since); a flow's ring policy, its step and its round-robin
-- count; lead_turns, each lead ringing its team in turn (decision 076).
CREATE TABLE "lead_turns" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"asked" text[] NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_success" boolean NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"response_excerpt" text
);
--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "away_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "ring_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "ring_step_minutes" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "ring_turns" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_turns" ADD CONSTRAINT "lead_turns_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_turns_due_at_idx" ON "lead_turns" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_attempts_delivery_number_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","number");