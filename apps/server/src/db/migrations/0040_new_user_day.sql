-- Issue 49 (decision 072): a test lead sent from the console carries its sender from the accept to
-- the take, so it rings that person alone (the batch item's field is 00-batch-item.sql's); a
-- flow's reply subject; what a member's checklist test reached.
ALTER TABLE "delivery_preferences" ADD COLUMN "test_reached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "test_reached_by" text;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "email_test_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "reply_subject" text;--> statement-breakpoint
ALTER TABLE "lead_intake" ADD COLUMN "test_sent_by" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "test_sent_by" text;