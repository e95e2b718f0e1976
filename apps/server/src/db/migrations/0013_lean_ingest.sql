-- Decision 038: a lean ingest. The accept function writes the leads and one intake job per batch;
-- the delivery worker derives the rest (deliveries, counters, alerts, escalations). Escalations are
-- one row per lead in lead_escalations, swept by due time, instead of two queue jobs per lead.
-- The functions whose parameters or result columns change are dropped here and created anew by
-- src/db/functions/accept-notifications.sql (which a fresh database runs only after every
-- migration, hence IF EXISTS). Escalation jobs queued before this migration still run.
DROP FUNCTION IF EXISTS leadbell_accept_notifications_within_rate(jsonb, integer[], double precision, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_accept_notifications(jsonb, integer[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_queue_deliveries(uuid[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_batch_items(jsonb);
--> statement-breakpoint
CREATE TABLE "lead_escalations" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"stage" smallint NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_escalations" ADD CONSTRAINT "lead_escalations_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_escalations_due_at_idx" ON "lead_escalations" USING btree ("due_at");--> statement-breakpoint
-- Leads waiting for an escalation stage get their row; jobs of the old kind still queued in pg-boss
-- run too, and a stage runs once whichever comes first (escalateLead checks the lead's stage).
INSERT INTO "lead_escalations" ("notification_id", "stage", "due_at")
SELECT "id", "escalation_stage" + 1,
       "response_started_at" + make_interval(secs => "response_target_seconds" * ("escalation_stage" + 1))
  FROM "notifications"
 WHERE "lead_status" <> 'done' AND "escalation_stage" < 2 AND NOT "is_test" AND NOT "is_held"
   AND "response_started_at" IS NOT NULL AND "response_target_seconds" IS NOT NULL;
--> statement-breakpoint
DELETE FROM "job_outbox" WHERE "data" ->> 'kind' = 'escalation';
