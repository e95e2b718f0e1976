-- Issue 46 (decision 073): whether a lead is a public submission, which alone counts toward its
-- form's flood (the batch item's field is 00-batch-item.sql's), with the flow's public positions
-- indexed for the flood's read; the languages each business's genuine leads were written in.
CREATE TABLE "entity_languages" (
	"entity_id" uuid NOT NULL,
	"language" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "entity_languages_entity_id_language_pk" PRIMARY KEY("entity_id","language")
);
--> statement-breakpoint
ALTER TABLE "lead_intake" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_languages" ADD CONSTRAINT "entity_languages_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_public_flow_seq_idx" ON "notifications" USING btree ("flow_id","seq") WHERE "notifications"."is_public";