-- Issue 50, decision 079: each status a call went through (voice_call_statuses), not only its
-- latest; the calls made so far keep the one status they have. The turn order's functions take the
-- moment they are read at (quiet hours) and a pass's time: their one-argument versions go.
CREATE TABLE "voice_call_statuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"status" text NOT NULL,
	"duration_seconds" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_call_statuses" ADD CONSTRAINT "voice_call_statuses_call_id_voice_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."voice_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_call_statuses_call_id_status_idx" ON "voice_call_statuses" USING btree ("call_id","status");--> statement-breakpoint
INSERT INTO "voice_call_statuses" ("call_id", "status", "duration_seconds", "at")
SELECT "id", "status", "duration_seconds", coalesce("ended_at", "answered_at", "updated_at")
  FROM "voice_calls" WHERE "status" <> 'queued';--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_members_in_turn(uuid);--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_ring_next_turn(uuid);
