-- Positions (notifications.seq, decision 061) follow the writing transactions: the position block
-- of a transaction is its id's distance from notification_positions.from_xid, times 1,024, past
-- base. A transaction's leads take positions within its block; no transaction still running or
-- yet to start can write below the block of the oldest one running. A live stream delivers
-- positions below that (leadbell_final_positions_below), so it never sends one and later sees an
-- earlier one commit, without any writer holding a lock to its commit.
CREATE OR REPLACE FUNCTION leadbell_position_block(p notification_positions) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT p.base + ((pg_current_xact_id()::text::bigint - p.from_xid) << 10)
$$;

-- A lead's position when its writer does not choose one (the column's default): its transaction's
-- block, plus how many positions the transaction took before it (counted from the sequence's value
-- at its first, kept in a setting that ends with the transaction). Past 1,024 leads in one
-- transaction (only a bulk load writes so many) positions run on into the next blocks: still never
-- below the writer's own block, which is what a live stream relies on. Ingestion numbers its
-- batch's leads itself, from the block once.
CREATE OR REPLACE FUNCTION leadbell_next_position() RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_next bigint := nextval('notifications_seq_seq');
  v_xid text := pg_current_xact_id()::text;
  v_first text := current_setting('leadbell.first_position', true);
BEGIN
  IF v_first IS NULL OR split_part(v_first, ' ', 1) <> v_xid THEN
    v_first := set_config('leadbell.first_position', v_xid || ' ' || v_next, true);
  END IF;
  RETURN (SELECT leadbell_position_block(p) FROM notification_positions p) + v_next - split_part(v_first, ' ', 2)::bigint;
END;
$$;

-- Positions from here on start past every lead's (snapshot restore): a restored cluster's
-- transaction ids start again from low.
CREATE OR REPLACE FUNCTION leadbell_restart_positions() RETURNS void
LANGUAGE sql AS $$
  UPDATE notification_positions
     SET base = coalesce((SELECT max(n.seq) FROM notifications n), 0) + 1024,
         from_xid = pg_current_xact_id()::text::bigint
$$;

-- Every position below this one is final: written by a transaction that has ended (the snapshot's
-- oldest running transaction is the lowest that may still commit).
CREATE OR REPLACE FUNCTION leadbell_final_positions_below() RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT p.base + ((pg_snapshot_xmin(pg_current_snapshot())::text::bigint - p.from_xid) << 10)
    FROM notification_positions p
$$;
