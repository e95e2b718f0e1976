-- Issue 45. stored_functions: which version of db/functions/ the database holds (migrate.ts).
-- Decision 067: a pending delivery is its own schedule. Rows pending at the upgrade are due at once
-- (now() is stable: every existing row takes the migration's time, without rewriting the table).
CREATE TABLE "stored_functions" (
	"is_current" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"digest" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("due_at") WHERE "deliveries"."status" = 'pending';--> statement-breakpoint
-- Their parameters and results changed (db/functions/ creates the new ones): the take claims what
-- it sends, and a fan-out returns its deliveries instead of jobs.
DROP FUNCTION IF EXISTS leadbell_take_outbox_alone(integer[], jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_take_outbox(integer, integer[], jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_queue_deliveries(uuid[]);
