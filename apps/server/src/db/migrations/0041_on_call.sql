-- Issue 50: every attempt at a webhook or Slack delivery is kept (a 500 and the 200 after it both show);
-- a member away (delivery_preferences.away_since); a flow's ring policy, its step and its round-robin
-- count; lead_turns, each lead ringing its team in turn (decision 076); a member's calls
-- (delivery_preferences.voice), the voice channel's one delivery per member and purpose, and
-- voice_calls, every lead call placed through Twilio (decision 077).
CREATE TABLE "lead_turns" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"asked" text[] NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid,
	"notification_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"user_id" text,
	"provider_sid" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"duration_seconds" integer,
	"digits" text,
	"reserved_minutes" integer NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_calls_provider_sid_unique" UNIQUE("provider_sid")
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
DROP INDEX "deliveries_message_per_user_purpose_idx";--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "voice" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "away_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "ring_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "ring_step_minutes" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "ring_turns" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_turns" ADD CONSTRAINT "lead_turns_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_turns_due_at_idx" ON "lead_turns" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "voice_calls_notification_id_idx" ON "voice_calls" USING btree ("notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_attempts_delivery_number_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_message_per_user_purpose_idx" ON "deliveries" USING btree ("notification_id","user_id","channel","purpose") WHERE "deliveries"."channel" in ('telegram', 'sms', 'voice');