-- Decision 039: the signals a lead's request showed (each code and its points). The batch items
-- of ingestion carry the verdict, so their function's result changes: dropped here, created again
-- by functions/accept-notifications.sql.
ALTER TABLE "notifications" ADD COLUMN "spam_reasons" jsonb;--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_batch_items(jsonb);
