-- Decision 039: the fill-time token's nonce on each lead and the nonces the worker saw (a second
-- use is a replay), Cloudflare Turnstile per flow. The batch items' shape gains fill_token: its
-- function is dropped here and created again by db/functions/accept-notifications.sql.
DROP FUNCTION IF EXISTS leadbell_batch_items(jsonb);--> statement-breakpoint
CREATE TABLE "fill_token_uses" (
	"entity_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fill_token_uses_entity_id_nonce_pk" PRIMARY KEY("entity_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "turnstile_site_key" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "turnstile_secret" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "fill_token" text;--> statement-breakpoint
ALTER TABLE "fill_token_uses" ADD CONSTRAINT "fill_token_uses_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fill_token_uses_used_at_idx" ON "fill_token_uses" USING btree ("used_at");