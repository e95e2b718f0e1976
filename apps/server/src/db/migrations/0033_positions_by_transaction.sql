-- Issue 23, decision 061: a lead's position (notifications.seq) follows the transaction that wrote
-- it, so a live stream can tell which positions are final without ingestion holding the entity's
-- lock to its commit. Positions continue past every existing one (base). db/functions/
-- accept-notifications.sql keeps the functions' current versions; the default needs one now.
CREATE TABLE "notification_positions" (
	"is_singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"base" bigint NOT NULL,
	"from_xid" bigint NOT NULL,
	CONSTRAINT "notification_positions_singleton" CHECK ("is_singleton")
);
--> statement-breakpoint
INSERT INTO "notification_positions" ("base", "from_xid")
SELECT coalesce((SELECT max("seq") FROM "notifications"), 0) + 1024, pg_current_xact_id()::text::bigint;
--> statement-breakpoint
-- A first version, for the default: db/functions/accept-notifications.sql replaces it on this run.
CREATE OR REPLACE FUNCTION leadbell_next_position() RETURNS bigint
LANGUAGE sql VOLATILE AS $$
  SELECT p.base + ((pg_current_xact_id()::text::bigint - p.from_xid) << 10) + (nextval('notifications_seq_seq') & 1023)
    FROM notification_positions p
$$;
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "seq" SET DEFAULT leadbell_next_position();
