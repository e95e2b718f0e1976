-- Issue 23: a lead's deliveries are queued once however many paths queue them (a held lead released
-- before the worker took it in was queued by both, and the worker's take failed on the second
-- email row, over and over). Before the indexes: a push, text or Telegram message queued twice
-- keeps its first row; the later copy goes, with its attempts.
DELETE FROM "deliveries" d
 USING "deliveries" e
 WHERE d."channel" IN ('push', 'telegram', 'sms') AND e."channel" = d."channel"
   AND e."notification_id" = d."notification_id" AND e."purpose" = d."purpose"
   AND CASE WHEN d."channel" = 'push' THEN e."subscription_id" = d."subscription_id" ELSE e."user_id" = d."user_id" END
   AND (e."created_at", e."id") < (d."created_at", d."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_push_per_subscription_purpose_idx" ON "deliveries" USING btree ("notification_id","subscription_id","purpose") WHERE "deliveries"."channel" = 'push';--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_message_per_user_purpose_idx" ON "deliveries" USING btree ("notification_id","user_id","channel","purpose") WHERE "deliveries"."channel" in ('telegram', 'sms');