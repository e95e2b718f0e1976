-- Issue 25: the inbox's search finds "Émilie" for "emilie" and "07700 900123" for "07700900123".
-- search_text is also folded by unaccent (a contrib module like pg_trgm, shipped with the server
-- and with the embedded binaries; trusted, so the database owner may create it), and
-- search_digits holds each number of the lead with the spaces, dashes, dots, brackets, "+" and "/"
-- between its digits dropped, under its own trigram index, where the inbox matches a query that is
-- a phone number (features/leads/search-digits-of.ts). The worker writes both from now on
-- (leadbell_take_outbox, db/functions/accept-notifications.sql); existing rows are rewritten here
-- with the same expressions, with the text index dropped first and both built after (one build
-- instead of an index update per row, as in 0014).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DROP INDEX "lead_search_text_idx";--> statement-breakpoint
ALTER TABLE "lead_search" ADD COLUMN "search_digits" text;--> statement-breakpoint
UPDATE "lead_search" s
   SET "search_text" = folded.text,
       "search_digits" = trim(regexp_replace(regexp_replace(folded.text, '[[:space:]\u00a0().+/-]+', '', 'g'), '[^0-9]+', ' ', 'g'))
  FROM "notifications" n
 CROSS JOIN LATERAL (SELECT lower(unaccent(n."title" || ' ' || n."message" || ' ' || coalesce(n."data"::text, '')))) AS folded (text)
 WHERE n."id" = s."notification_id";--> statement-breakpoint
ALTER TABLE "lead_search" ALTER COLUMN "search_digits" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_search_text_idx" ON "lead_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_search_digits_idx" ON "lead_search" USING gin ("search_digits" gin_trgm_ops);
