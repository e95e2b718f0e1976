-- A request's batch as the accept batcher sends it (decision 088): seen at once, answered once
-- durable. The first thing a lead meets; what it calls decides each item (10-rate.sql, then
-- 20-accept.sql).

-- Accepts a batch (leadbell_accept_notifications_within_rate) and wakes whoever waits for it, in
-- the batch's own transaction: the delivery workers (p_wake_channel, p_wake_payload: the batch's
-- intake job waits in job_outbox) and, for a held lead, which goes into notifications at once,
-- its business's live consoles (p_notifications_channel; a batch holds at most 64 items, 64
-- entity ids of 37 bytes, where a NOTIFY holds 8,000). Returns the items' outcomes as a JSON
-- array of the rows that function returns.
CREATE OR REPLACE FUNCTION leadbell_accept_batch(
  p_items jsonb, p_rate double precision, p_burst integer,
  p_wake_channel text, p_wake_payload text, p_notifications_channel text)
RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_outcomes json;
BEGIN
  -- One statement, as the batch before it (decision 085): at 100 leads a second a batch is one lead.
  WITH decided AS (
    SELECT * FROM leadbell_accept_notifications_within_rate(p_items, p_rate, p_burst)
  ), batch AS (
    SELECT coalesce(json_agg(d), '[]') AS outcomes,
           bool_or(d.outcome IN ('accepted', 'held')) AS is_any_new,
           string_agg(DISTINCT p_items -> d.item ->> 'entity_id', ' ') FILTER (WHERE d.outcome = 'held') AS held_entities
      FROM decided d
  )
  SELECT b.outcomes INTO v_outcomes
    FROM batch b
   CROSS JOIN LATERAL (SELECT CASE WHEN b.is_any_new THEN pg_notify(p_wake_channel, p_wake_payload) END,
                              CASE WHEN b.held_entities IS NOT NULL
                                   THEN pg_notify(p_notifications_channel, b.held_entities) END) AS woken;
  RETURN v_outcomes;
END;
$$;

-- The batch commits without waiting for the disk, so its leads are visible, and the workers and
-- consoles woken, as soon as they are written; the call returns only once the disk holds them.
-- With a commit that waits for the disk, a batch became visible only after its flush, and a flush
-- that stalled (50–200 ms every few seconds on this machine kind's disk) held the ring of every
-- lead behind it (docs/performance.md). synchronous_commit is off for the batch's transaction
-- alone; the next transaction writes one WAL record and commits with the session's own setting,
-- so it waits until the disk holds everything before it, the batch's commit included. A 202 still
-- means stored: should PostgreSQL stop between the two commits, the request gets no answer and is
-- sent again (with its idempotency key, answered as the first). Its NOTIFYs no longer hold
-- PostgreSQL's notify-queue lock through a flush, which made every batch wait on the one before
-- (decision 020). A procedure, so that both commits take one round trip; it cannot run inside a
-- transaction block. p_outcomes: leadbell_accept_batch's answer.
CREATE OR REPLACE PROCEDURE leadbell_accept_notifications_durably(
  p_items jsonb, p_rate double precision, p_burst integer,
  p_wake_channel text, p_wake_payload text, p_notifications_channel text,
  INOUT p_outcomes json DEFAULT NULL)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  p_outcomes := leadbell_accept_batch(p_items, p_rate, p_burst, p_wake_channel, p_wake_payload, p_notifications_channel);
  COMMIT;
  PERFORM pg_logical_emit_message(true, 'leadbell', 'accepted');
END;
$$;
