-- Issue 47: the counters of what Leadbell limits on someone's behalf (replies and mail to
-- visitors, text messages, probes of the auth endpoints), taken before the work by
-- db/functions/70-allowances.sql.
CREATE TABLE "allowances" (
	"key" text PRIMARY KEY NOT NULL,
	"used" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
