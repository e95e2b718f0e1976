-- Decision 039: what a team said about a message or a sender, by hash ("Spam" and "Not spam").
CREATE TABLE "spam_marks" (
	"entity_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"verdict" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spam_marks_entity_id_fingerprint_pk" PRIMARY KEY("entity_id","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "spam_marks" ADD CONSTRAINT "spam_marks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;