-- Decision 038: the inbox's search text moves beside the leads, so its trigram index is written by
-- the delivery worker when it takes a lead in, not by the insert that answers the website. Existing
-- leads are copied before the index is built (one build instead of an index insert per row).
CREATE TABLE "lead_search" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "lead_search" ("notification_id", "search_text")
SELECT "id", lower("title" || ' ' || "message" || ' ' || coalesce("data"::text, '')) FROM "notifications";
--> statement-breakpoint
DROP INDEX "notifications_search_text_idx";--> statement-breakpoint
ALTER TABLE "lead_search" ADD CONSTRAINT "lead_search_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_search_text_idx" ON "lead_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "search_text";
