-- Issue 23, decision 060: counts appended rather than updated in place, so no batch of a business's
-- leads waits on another's count row until it commits: the insights triggers' changes, and the plan
-- count of a plan without a limit. The worker's take adds them in (leadbell_fold_counts, in
-- db/functions/accept-notifications.sql).
CREATE TABLE "lead_stats_deltas" (
	"entity_id" uuid NOT NULL,
	"day" date NOT NULL,
	"flow_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"claim_bucket" integer NOT NULL,
	"is_within" boolean NOT NULL,
	"is_escalated" boolean NOT NULL,
	"leads" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_usage_deltas" (
	"entity_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"notification_count" integer NOT NULL
);
