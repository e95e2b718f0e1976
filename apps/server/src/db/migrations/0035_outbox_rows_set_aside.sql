CREATE TABLE "job_outbox_set_aside" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"start_after" timestamp with time zone NOT NULL,
	"error" text NOT NULL,
	"set_aside_at" timestamp with time zone DEFAULT now() NOT NULL
);
