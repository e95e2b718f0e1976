-- Issue 45, decision 084: the content model's weights as rows read by primary key
-- (spam_model_weights, filled by 32-spam-model.sql with the stored functions), instead of one
-- constant JSON a plan folded in: 50-100 ms at each connection's first verdict. The function that
-- held it goes.
CREATE TABLE "spam_model_weights" (
	"feature" text PRIMARY KEY NOT NULL,
	"weight" double precision NOT NULL
);--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_spam_model();
