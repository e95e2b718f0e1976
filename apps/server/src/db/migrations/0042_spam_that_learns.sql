-- Issue 46 (decision 073): whether a lead is a public submission, which alone counts toward its
-- form's flood (the batch item's field is 00-batch-item.sql's), with the flow's public positions
-- indexed for the flood's read; the languages each business's genuine leads were written in; the
-- pairs of words each business's marks taught its own content model; other businesses' Spam marks
-- by fingerprint.
CREATE TABLE "entity_languages" (
	"entity_id" uuid NOT NULL,
	"language" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "entity_languages_entity_id_language_pk" PRIMARY KEY("entity_id","language")
);
--> statement-breakpoint
CREATE TABLE "spam_word_marks" (
	"entity_id" uuid NOT NULL,
	"token" text NOT NULL,
	"spam" integer DEFAULT 0 NOT NULL,
	"genuine" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spam_word_marks_entity_id_token_pk" PRIMARY KEY("entity_id","token")
);
--> statement-breakpoint
ALTER TABLE "lead_intake" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_languages" ADD CONSTRAINT "entity_languages_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_word_marks" ADD CONSTRAINT "spam_word_marks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_public_flow_seq_idx" ON "notifications" USING btree ("flow_id","seq") WHERE "notifications"."is_public";--> statement-breakpoint
CREATE INDEX "spam_marks_spam_fingerprint_idx" ON "spam_marks" USING btree ("fingerprint","entity_id") WHERE "spam_marks"."verdict" = 'spam';