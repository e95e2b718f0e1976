-- The rate of each API key (decisions 028, 059): a token bucket per key in api_key_rate_buckets,
-- shared by every server process on the database, taken in the accepting statement itself, or
-- leased ahead to a process for a hot key. What a batch meets first (05-accept-durably.sql calls
-- it): it charges the batch, then hands what is within the rate to leadbell_accept_notifications
-- (20-accept.sql).

-- The tokens a key's bucket holds now: what it held at p_updated_at, refilled at p_rate a second by
-- the database's clock (one clock for every server process), never above p_burst.
CREATE OR REPLACE FUNCTION leadbell_refilled_tokens(
  p_tokens double precision,
  p_updated_at timestamptz,
  p_rate double precision,
  p_burst integer
) RETURNS double precision
LANGUAGE sql STABLE AS $$
  SELECT least(p_burst, p_tokens + p_rate * extract(epoch FROM greatest(now() - p_updated_at, interval '0'))::double precision)
$$;

-- What a lease may take of a bucket holding p_tokens: up to p_want, leaving at least half the burst.
CREATE OR REPLACE FUNCTION leadbell_leasable_tokens(p_tokens double precision, p_want integer, p_burst integer)
RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(0, least(p_want, floor(p_tokens - p_burst / 2.0)))::integer
$$;

-- Leases up to p_want of an active key's tokens to one server process (decision 059), in a
-- statement and transaction of its own, outside any batch: the process charges the key's requests
-- from its lease in memory, so its batches neither write nor wait on the key's bucket. Only what
-- the bucket holds above half its burst is leased: a key nearer its limit is charged in each batch,
-- exactly, as before. Returns the tokens granted (0: none) and what the bucket holds after.
CREATE OR REPLACE FUNCTION leadbell_lease_rate_tokens(
  p_api_key_id uuid,
  p_want integer,
  p_rate double precision,
  p_burst integer
) RETURNS TABLE (granted integer, tokens double precision)
LANGUAGE sql AS $$
  INSERT INTO api_key_rate_buckets AS bucket (api_key_id, tokens, taken, updated_at)
  SELECT k.id, p_burst - leadbell_leasable_tokens(p_burst, p_want, p_burst),
         leadbell_leasable_tokens(p_burst, p_want, p_burst), now()
    FROM api_keys k
   WHERE k.id = p_api_key_id AND k.revoked_at IS NULL
  ON CONFLICT (api_key_id) DO UPDATE
    SET taken = leadbell_leasable_tokens(leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst),
                                         p_want, p_burst),
        tokens = leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst)
                 - leadbell_leasable_tokens(leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst),
                                            p_want, p_burst),
        updated_at = greatest(bucket.updated_at, now())
  RETURNING bucket.taken, bucket.tokens
$$;

-- Accepts a batch as leadbell_accept_notifications does, within each API key's rate (decision 028):
-- a token bucket per key in api_key_rate_buckets, shared by every server process on the database,
-- taken in the same statement, so in the same round trip. A key's items take its tokens in item
-- order; those past what its bucket holds are 'rate_limited' and go no further. rate_tokens is what
-- the key's bucket holds after the item (for the RateLimit headers); null when the key was not
-- charged. An item its process already charged from its lease of the key's tokens (decision 059:
-- its rate_tokens is set) is within the rate, and its key's bucket is neither written nor waited on.
-- A key revoked or changed since the caller read it is not charged and its items go no further: they
-- come back 'stale' and the caller reads the key afresh, so a revoked key hears 401, never 429. An
-- item the accept function finds stale gives its token back, since its retry takes one.
-- A batch of plain items (no idempotency key, a plan without a limit, not a test: nearly every
-- batch) is charged and accepted in the one statement below (decision 085): at 100 leads a second
-- a batch holds one lead, so all a batch costs is paid per lead. Any other batch, or one with an
-- item charged and then found stale (its token goes back: a second write of its bucket, which one
-- statement cannot make), is only charged there, and leadbell_accept_notifications decides its
-- items one by one.
CREATE OR REPLACE FUNCTION leadbell_accept_notifications_within_rate(
  p_items jsonb,
  -- Tokens a second and the most a bucket holds: NOTIFY_RATE_LIMIT and NOTIFY_RATE_BURST.
  p_rate double precision,
  p_burst integer
) RETURNS TABLE (item integer, outcome text, response jsonb, rate_tokens double precision)
LANGUAGE plpgsql AS $$
DECLARE
  v_items leadbell_batch_item[];
  -- A batch left to leadbell_accept_notifications, per charged item: { "<item>": [<within the
  -- rate>, <tokens left after it>] }; null when the statement accepted the batch.
  v_rated jsonb;
  v record;
BEGIN
  -- Each item is carried as one composite column (it) beside the few columns the statement
  -- decides on: every node a row of the batch item's forty columns passes through describes them
  -- anew on each call, a good part of a one-lead batch's cost. The statement's last rows are its
  -- answers, or for a batch it leaves to leadbell_accept_notifications one row of its rate decisions.
  -- (Each DML CTE is read, or runs after the answers, so the upsert comes before the locks, and
  -- the locks before any lead is counted or written.)
  FOR v IN
    WITH b AS MATERIALIZED (
      SELECT b AS it, b.item, b.entity_id, b.api_key_id, b.rate_tokens, h.is_chargeable, h.is_current,
             coalesce(b.idempotency_key IS NULL AND b.notification_limit IS NULL AND NOT b.is_test, false) AS is_plain
        FROM jsonb_populate_recordset(NULL::leadbell_batch_item, p_items) b
       CROSS JOIN LATERAL leadbell_batch_item_holds(b) h
    ), charged AS (
      SELECT c.item, c.api_key_id, row_number() OVER (PARTITION BY c.api_key_id ORDER BY c.item) AS position
        FROM b c
       WHERE c.rate_tokens IS NULL AND c.is_chargeable
    ), taken AS (
      -- One upsert takes every key's tokens, in key order so concurrent batches cannot deadlock. A
      -- new key's bucket starts full; no more than a burst passes at once.
      INSERT INTO api_key_rate_buckets AS bucket (api_key_id, tokens, taken, updated_at)
      SELECT c.api_key_id, p_burst - least(count(*), p_burst), least(count(*), p_burst), now()
        FROM charged c
       GROUP BY c.api_key_id
       ORDER BY c.api_key_id
      ON CONFLICT (api_key_id) DO UPDATE
        SET taken = least(excluded.taken, floor(leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst))),
            tokens = leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst)
                     - least(excluded.taken, floor(leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst))),
            updated_at = greatest(bucket.updated_at, now())
      RETURNING bucket.api_key_id, bucket.tokens, bucket.taken
    ), outcomes AS MATERIALIZED (
      -- Each item's rate: from its process's lease (rate_tokens), or charged in the upsert above.
      SELECT r.*, coalesce(r.within, false) AND r.is_current AS is_accepted
        FROM (SELECT c.item, c.it, c.entity_id, c.is_plain, c.is_current, c.rate_tokens,
                     CASE WHEN c.rate_tokens IS NOT NULL THEN true ELSE ch.position <= t.taken END AS within,
                     coalesce(c.rate_tokens, t.tokens + greatest(t.taken - ch.position, 0)) AS tokens
                FROM b c
                LEFT JOIN (charged ch JOIN taken t ON t.api_key_id = ch.api_key_id) ON ch.item = c.item) r
    ), plain AS MATERIALIZED (
      -- Whether this statement accepts the batch: plain items, none of them charged and found stale.
      SELECT bool_and(o.is_plain AND NOT (coalesce(o.within, false) AND NOT o.is_current AND o.rate_tokens IS NULL)) AS is_plain
        FROM outcomes o
    ), locked AS MATERIALIZED (
      -- Each entity's lock, shared, in key order, before its leads are counted and written, as
      -- leadbell_accept_notifications takes it (decision 061).
      -- (An entity's lock taken again is only counted again: its batch waits once.)
      SELECT pg_advisory_xact_lock_shared(leadbell_entity_lock_key(o.entity_id))
        FROM outcomes o
       WHERE o.is_accepted AND (SELECT p.is_plain FROM plain p)
       ORDER BY leadbell_entity_lock_key(o.entity_id)
    ), accepted AS MATERIALIZED (
      -- A lead's position in the transaction's block is its item's: in item order, as the caller
      -- numbered them, with the gaps of the items not accepted (positions only order the leads).
      SELECT o.item, o.it, gen_random_uuid() AS id, o.item + 1 AS position
        FROM outcomes o
       WHERE o.is_accepted AND (SELECT p.is_plain FROM plain p) AND (SELECT count(*) FROM locked) >= 0
    ), counted AS (
      -- Appended, not added to the entity's count row (decision 060), as for a plain item there.
      INSERT INTO entity_usage_deltas (entity_id, period_start, notification_count)
      SELECT (a.it).entity_id, (a.it).period_start, count(*) FROM accepted a GROUP BY 1, 2
    ), intake AS (
      INSERT INTO lead_intake
      SELECT i.*
        FROM accepted a
       CROSS JOIN notification_positions p
       CROSS JOIN LATERAL leadbell_intake_row(a.it, a.id, leadbell_position_block(p) + a.position, false) i
    ), job AS (
      -- Every lead here is counted and none is a test: the job's `usage` and `plans` are the same.
      -- Its lists are read as sets (leadbell_intake_usage, the settle's keys, the take's leads by
      -- position): not sorted nor made distinct here, each sort a good part of a one-lead batch.
      INSERT INTO job_outbox (data)
      SELECT leadbell_intake_job(jsonb_agg(a.id), jsonb_agg((a.it).api_key_id),
                                 jsonb_agg(leadbell_intake_usage_entry(a.it)), jsonb_agg(leadbell_intake_usage_entry(a.it)))
        FROM accepted a
      HAVING count(*) > 0
    )
    SELECT o.item, CASE WHEN o.is_accepted THEN 'accepted' WHEN NOT o.within THEN 'rate_limited' ELSE 'stale' END AS outcome,
           CASE WHEN o.is_accepted
                THEN leadbell_accept_answer(a.id, (o.it).flow_id, 'accepted', (o.it).is_test, (o.it).unused_fields) END AS response,
           o.tokens
      FROM outcomes o
      LEFT JOIN accepted a ON a.item = o.item
     WHERE (SELECT p.is_plain FROM plain p)
    UNION ALL
    SELECT NULL, NULL, coalesce((SELECT jsonb_object_agg(o.item::text, jsonb_build_array(o.within, o.tokens)) FROM outcomes o
                                  WHERE o.within IS NOT NULL), '{}'), NULL
     WHERE NOT (SELECT p.is_plain FROM plain p)
  LOOP
    IF v.item IS NULL THEN
      v_rated := v.response;
    ELSE
      item := v.item;
      outcome := v.outcome;
      response := v.response;
      rate_tokens := v.tokens;
      RETURN NEXT;
    END IF;
  END LOOP;
  IF v_rated IS NULL THEN
    RETURN;
  END IF;
  v_items := leadbell_batch_items(p_items);

  RETURN QUERY
    WITH accepted AS (
      SELECT a.* FROM leadbell_accept_notifications(
        ARRAY(SELECT b FROM unnest(v_items) b WHERE coalesce((v_rated -> b.item::text ->> 0)::boolean, false))) a
    ), refunded AS (
      -- A leased token goes back to its lease, in the process that charged it.
      UPDATE api_key_rate_buckets bucket SET tokens = least(p_burst, bucket.tokens + stale.items)
        FROM (SELECT b.api_key_id, count(*) AS items
                FROM accepted a
                JOIN unnest(v_items) b ON b.item = a.item
               WHERE a.outcome = 'stale' AND b.rate_tokens IS NULL
               GROUP BY b.api_key_id) stale
       WHERE bucket.api_key_id = stale.api_key_id
    )
    SELECT a.item, a.outcome, a.response, (v_rated -> a.item::text ->> 1)::double precision
      FROM accepted a
    UNION ALL
    SELECT b.item, CASE WHEN v_rated ? b.item::text THEN 'rate_limited' ELSE 'stale' END, NULL,
           (v_rated -> b.item::text ->> 1)::double precision
      FROM unnest(v_items) b
     WHERE NOT coalesce((v_rated -> b.item::text ->> 0)::boolean, false);
END;
$$;
