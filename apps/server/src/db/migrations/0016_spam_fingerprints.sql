-- Decision 039: each lead's message and sender as hashes, and which entities received a message
-- lately, for the same pitch reaching several businesses (the worker's verdict, so its take of a
-- batch gains a parameter: dropped here, created again by functions/accept-notifications.sql).
CREATE TABLE "spam_fingerprints" (
	"fingerprint" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"sender" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spam_fingerprints_fingerprint_entity_id_pk" PRIMARY KEY("fingerprint","entity_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_fingerprint" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sender_fingerprint" text;--> statement-breakpoint
ALTER TABLE "spam_fingerprints" ADD CONSTRAINT "spam_fingerprints_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spam_fingerprints_seen_at_idx" ON "spam_fingerprints" USING btree ("seen_at");--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_take_outbox(integer, integer[]);
