-- Decision 034: our SQL queues delivery jobs in job_outbox, and the worker moves them into pg-boss
-- through its public insert. The stored functions now live in src/db/functions/, applied after the
-- migrations on every run; their versions that ran pg-boss's captured insert statement (parameters
-- p_queue, p_insert_jobs_sql, p_insert_jobs_defaults) go here, since a new signature is a new function.
CREATE TABLE "job_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP FUNCTION leadbell_accept_notifications_within_rate(jsonb, text, text, text[], integer[], double precision, integer);
--> statement-breakpoint
DROP FUNCTION leadbell_accept_notifications(jsonb, text, text, text[], integer[]);
--> statement-breakpoint
DROP FUNCTION leadbell_queue_deliveries(uuid[], text, text, text[]);
