-- Issue 25: an admin deletes a lead (who and when); it can be restored for 30 days, then the
-- scheduler deletes it for good (the partial index finds those by age). A deleted lead leaves
-- lead_stats_daily: leadbell_lead_stat_key now reads the deletion time, so its old signature is
-- dropped here and db/functions/lead-stats.sql creates the new one (the triggers call it by name).
DROP FUNCTION IF EXISTS leadbell_lead_stat_key(timestamptz, text, boolean, timestamptz, integer, timestamptz, text, smallint);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_deleted_at_idx" ON "notifications" USING btree ("deleted_at") WHERE "notifications"."deleted_at" is not null;
