-- The stored functions of ingestion (decisions 020, 028, 030, 034): the one source of their
-- current versions. The migrator runs this file after the schema migrations on every run, so an
-- edit here is the whole change (no migration copies the function forward). CREATE OR REPLACE
-- cannot change a function's parameters or result columns: for that, a migration drops the old
-- one first (as 0012 did), and this file creates the new one. A batch item's fields are the type
-- leadbell_batch_item: a new field is a migration's ALTER TYPE … ADD ATTRIBUTE.
-- Jobs are written to job_outbox, our own table; the delivery worker moves them into pg-boss
-- through its public API (decision 034), so nothing here knows pg-boss's tables.
-- Ingestion writes only what its answer needs (decision 038): the leads (into lead_intake, a table
-- with its primary key alone, decision 064), their counts against the plan, idempotency records and
-- one intake job per batch. The worker derives everything else from the intake job when it moves
-- it (leadbell_take_outbox): the leads' rows in notifications, deliveries, counters, alerts,
-- escalations.

-- The key of an entity's advisory lock, which each batch of ingestion holds shared while it counts
-- and writes the entity's leads: every transaction that changes leads and plan counts together
-- takes it alone, first, this one way (the worker's quarantine below, lockEntityLeads in
-- TypeScript), and so waits for the batches under way (decision 061).
CREATE OR REPLACE FUNCTION leadbell_entity_lock_key(p_entity_id uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtextextended(p_entity_id::text, 0)
$$;

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

-- The items of a batch (type leadbell_batch_item, migration 0020), parsed from the caller's JSON
-- once per batch, by one jsonb_populate_recordset: every statement below reads the array, where
-- each used to parse the JSON again (issue 23). A field the caller left out is null.
CREATE OR REPLACE FUNCTION leadbell_batch_items(p_items jsonb)
RETURNS leadbell_batch_item[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(b ORDER BY b.item), '{}')
    FROM jsonb_populate_recordset(NULL::leadbell_batch_item, p_items) b
$$;

-- The leads' rows, by primary key lead by lead (OFFSET 0 keeps the lookup inside the lateral
-- join, so no plan reads notifications any other way). PL/pgSQL, not SQL: before PostgreSQL 18 a
-- SQL function's query is planned on every call (0.2 ms of each take on PostgreSQL 15), where
-- PL/pgSQL keeps its plan for the connection.
CREATE OR REPLACE FUNCTION leadbell_leads_by_id(p_ids uuid[]) RETURNS notifications[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ARRAY(SELECT found.lead
                 FROM unnest(p_ids) AS lead (id)
                CROSS JOIN LATERAL (SELECT n FROM notifications n WHERE n.id = lead.id OFFSET 0) AS found (lead));
END;
$$;

-- Moves accepted leads from lead_intake into notifications (decision 064): the take's own leads
-- first thing in the take, a business's before a read of its leads, a held lead at once. Rows are
-- locked in id order, whoever moves them, so two movers never deadlock; one waits for the other
-- and then finds its rows gone. A lead whose flow (or business) was deleted meanwhile goes with it,
-- as the cascade would have taken it from notifications. Each takes a position of its own in the
-- moving transaction's block (decision 061): a live stream could have passed the accept's. With
-- p_announce, the businesses' live consoles are told when the move commits.
CREATE OR REPLACE FUNCTION leadbell_take_in_leads(p_ids uuid[], p_announce boolean) RETURNS void
LANGUAGE plpgsql
-- Planned once, by primary key, as leadbell_queue_deliveries. Without JIT: notification_positions'
-- only plan is a scan that enable_seqscan = off prices past jit_above_cost, and PostgreSQL 15 with
-- LLVM compiled that one-row read for 185 ms.
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
SET jit = off
AS $$
DECLARE
  v_entities text[];
  v_block bigint;
  v_first_value bigint;
BEGIN
  -- Positions as leadbell_next_position gives them (the column's default), without its call per
  -- lead: the transaction's block plus the sequence's distance from the transaction's first value,
  -- which that call records when it is the transaction's first.
  PERFORM leadbell_next_position();
  v_block := (SELECT leadbell_position_block(p) FROM notification_positions p);
  v_first_value := split_part(current_setting('leadbell.first_position'), ' ', 2)::bigint;
  WITH locked AS (
    SELECT i.id FROM lead_intake i WHERE i.id = ANY (p_ids) ORDER BY i.id FOR UPDATE
  ), moved AS (
    DELETE FROM lead_intake i USING locked l WHERE i.id = l.id RETURNING i.*
  ), inserted AS (
    INSERT INTO notifications (seq, id, entity_id, flow_id, title, message, url, data, is_test, is_held, source,
                               page_url, shortened_fields, is_after_hours, response_started_at, response_target_seconds,
                               lead_status, spam_reasons, message_fingerprint, sender_fingerprint, fill_token,
                               referrer, attribution, traffic_source, created_at)
    -- nextval is volatile, so PostgreSQL evaluates it after the sort: positions in accepted order.
    SELECT v_block + nextval('notifications_seq_seq') - v_first_value,
           m.id, m.entity_id, m.flow_id, m.title, m.message, m.url, m.data, m.is_test, m.is_held, m.source, m.page_url,
           m.shortened_fields, m.is_after_hours, m.response_started_at, m.response_target_seconds,
           m.lead_status, m.spam_reasons, m.message_fingerprint, m.sender_fingerprint, m.fill_token,
           m.referrer, m.attribution, m.traffic_source, m.created_at
      FROM moved m
     WHERE EXISTS (SELECT FROM flows f WHERE f.id = m.flow_id AND f.entity_id = m.entity_id)
     ORDER BY m.accepted_position
    RETURNING notifications.entity_id
  )
  SELECT coalesce(array_agg(DISTINCT i.entity_id::text), '{}') INTO v_entities FROM inserted i;
  IF p_announce AND cardinality(v_entities) > 0 THEN
    -- The payload the commit announcer sends (notification-hub.ts): ids separated by spaces, 200 a
    -- NOTIFY, which holds at most 8,000 bytes.
    PERFORM pg_notify('leadbell_notifications', array_to_string(v_entities[chunk * 200 + 1 : chunk * 200 + 200], ' '))
       FROM generate_series(0, (cardinality(v_entities) - 1) / 200) AS chunk;
  END IF;
END;
$$;

-- A business's accepted leads that no take has moved yet, moved before a console or API read of
-- its leads (leadbell_take_in_leads), so the read shows every lead that got its 202. A read never
-- fails for the move: should a lead not move for what is in it, the read goes on without it, and
-- the take that meets it sets its batch aside (decision 062).
CREATE OR REPLACE FUNCTION leadbell_take_in_entity_leads(p_entity_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- lead_intake holds only what the takes have yet to move, so it is read whole: an index on the
  -- business would cost every accepted lead a second index entry.
  PERFORM leadbell_take_in_leads(ARRAY(SELECT i.id FROM lead_intake i WHERE i.entity_id = p_entity_id), true);
EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
  RAISE WARNING 'leads of entity % could not be taken in: % %', p_entity_id, SQLSTATE, SQLERRM;
END;
$$;

-- One delivery job per lead (decision 030): the job lists the lead's deliveries (every device and
-- mailbox of the team); the worker sends them together and records the ones that got through in
-- one statement. Its members' Telegram messages and its texts are jobs of their own (decision 054).
-- Retries and email fallbacks are one job per delivery (kind 'delivery'), queued by the worker
-- itself. Returns each lead's jobs; the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_queue_deliveries(p_notification_ids uuid[])
RETURNS TABLE (notification_id uuid, job jsonb)
LANGUAGE plpgsql
-- Planned once per connection (force_generic_plan, decision 055): planned anew for every call, the
-- worker's statements cost PostgreSQL more to plan than to run. A generic plan cannot see how many
-- leads a call brings, so every join is a nested loop over indexes, and the leads are found by
-- primary key: the plan reads what the call's leads point at, however small or large the tables
-- were when it was made (docs/performance.md, "Planned once").
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
BEGIN
  RETURN QUERY
  WITH recipients AS (
    -- By primary key, one lead at a time: a plan that cannot go stale as notifications grows.
    SELECT n.id AS notification_id, n.entity_id, u.id AS user_id,
           coalesce(p.email_notifications, p.push_confirmed_at IS NULL) AS wants_email,
           EXISTS (SELECT FROM push_subscriptions s WHERE s.user_id = u.id AND s.entity_id = u.entity_id) AS has_device
      FROM unnest(p_notification_ids) AS lead (id)
      -- OFFSET 0 keeps the lookup inside the lateral join: by primary key, lead by lead.
      CROSS JOIN LATERAL (SELECT n.id, n.entity_id FROM notifications n WHERE n.id = lead.id OFFSET 0) n
      JOIN users u ON u.entity_id = n.entity_id
      LEFT JOIN delivery_preferences p ON p.user_id = u.id
  ), targets AS (
    INSERT INTO deliveries (notification_id, entity_id, channel, subscription_id, user_id, fallback_reason)
    SELECT r.notification_id, r.entity_id, 'push', s.id, r.user_id, NULL
      FROM recipients r
      JOIN push_subscriptions s ON s.user_id = r.user_id AND s.entity_id = r.entity_id
    UNION ALL
    SELECT r.notification_id, r.entity_id, 'email', NULL, r.user_id,
           CASE WHEN r.wants_email THEN NULL ELSE 'no_device' END
      FROM recipients r
     WHERE r.wants_email OR NOT r.has_device
    UNION ALL
    -- Telegram (decision 052): one row per member whose chat is linked and not turned off.
    SELECT r.notification_id, r.entity_id, 'telegram', NULL, r.user_id, NULL
      FROM recipients r
      JOIN telegram_links t ON t.user_id = r.user_id AND t.entity_id = r.entity_id AND t.is_enabled
    UNION ALL
    -- Texts (decision 053): a member who chose every lead by text and has a verified number.
    SELECT r.notification_id, r.entity_id, 'sms', NULL, r.user_id, NULL
      FROM recipients r
      JOIN delivery_preferences sp ON sp.user_id = r.user_id AND sp.sms = 'all'
      JOIN member_phones mp ON mp.user_id = r.user_id AND mp.phone IS NOT NULL
    -- What is queued already is skipped, and gets no job: a held lead released (by a larger plan,
    -- or by spam giving room back) before the worker took it in is queued by both, and rings once.
    -- A conflict with a row not yet committed waits for that transaction, then skips.
    ON CONFLICT DO NOTHING
    RETURNING id, deliveries.notification_id,
              CASE WHEN deliveries.channel IN ('telegram', 'sms') THEN deliveries.channel END AS lane
  )
  -- A lead's Telegram messages and its texts are jobs of their own, each in its channel's lane
  -- (decision 054, laneOfChannel in TypeScript): its pushes wait behind neither, nor one behind
  -- the other.
  SELECT t.notification_id,
         jsonb_build_object('kind', 'deliveries', 'deliveryIds', jsonb_agg(t.id))
           || CASE WHEN t.lane IS NULL THEN '{}' ELSE jsonb_build_object('lane', t.lane) END
    FROM targets t
   GROUP BY t.notification_id, t.lane;
END;
$$;

-- What each lead that reaches the team gets besides its deliveries, when the worker's take meets
-- it or when it is released (leadbell_release_follow_ups): the leads that are not spam, not a test
-- and not held (the plan's limit covers every email a lead causes). Returns their jobs; the caller
-- queues them.
CREATE OR REPLACE FUNCTION leadbell_queue_follow_ups(p_leads notifications[])
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql
-- Planned once per connection, as leadbell_queue_deliveries.
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  v_leads notifications[] := ARRAY(SELECT n FROM unnest(p_leads) AS n
                                    WHERE NOT n.is_test AND NOT n.is_held AND n.lead_status <> 'spam');
BEGIN
  -- The visitor's acknowledgement (decision 047), for a flow with it on; after hours too. The job
  -- checks the address and the day's limit.
  RETURN QUERY
    SELECT jsonb_build_object('kind', 'acknowledge', 'notificationId', n.id)
      FROM unnest(v_leads) AS n
      CROSS JOIN LATERAL (SELECT f.acknowledgement_enabled FROM flows f WHERE f.id = n.flow_id OFFSET 0) f
     WHERE f.acknowledgement_enabled;

  -- Outgoing webhooks' lead.created (issue 27, decision 049): a delivery row per enabled endpoint
  -- subscribed to it (and to the lead's flow, when limited to one), with its first job. The lead's
  -- payload is read at the first attempt.
  RETURN QUERY
    WITH webhook_deliveries_queued AS (
      INSERT INTO webhook_deliveries (endpoint_id, entity_id, notification_id, event_type, occurred_at)
      SELECT e.id, n.entity_id, n.id, 'lead.created', n.created_at
        FROM unnest(v_leads) AS n
        JOIN webhook_endpoints e ON e.entity_id = n.entity_id AND e.is_enabled AND 'lead.created' = ANY (e.events)
                                AND (e.flow_id IS NULL OR e.flow_id = n.flow_id)
      RETURNING webhook_deliveries.id
    )
    SELECT jsonb_build_object('kind', 'webhook', 'deliveryId', q.id, 'attempt', 0) FROM webhook_deliveries_queued q;

  -- A real lead escalates at its response target from its timer's start (decision 025); a
  -- schedule that never opens has no timer.
  INSERT INTO lead_escalations (notification_id, stage, due_at)
  SELECT n.id, 1, n.response_started_at + make_interval(secs => n.response_target_seconds)
    FROM unnest(v_leads) AS n
   WHERE n.response_started_at IS NOT NULL AND n.response_target_seconds IS NOT NULL
  ON CONFLICT DO NOTHING;
END;
$$;

-- A held lead released (a larger plan chosen, or spam giving room back; decisions 021, 041) reaches
-- the team now. Its deliveries are the caller's to queue; this gives it the rest of what a lead
-- that reaches the team gets (leadbell_queue_follow_ups), its response timer starting at the
-- release when it started before (the time it was held is not the team's), and a row in
-- lead_releases. Each lead gets them once, whichever comes first: a take that read the lead still
-- held leaves them to the release, and one that reads it released finds its row. Returns their
-- jobs; the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_release_follow_ups(p_ids uuid[], p_now timestamptz)
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
BEGIN
  INSERT INTO lead_releases (notification_id, released_at)
  SELECT released.id, p_now FROM unnest(p_ids) AS released (id)
  ON CONFLICT DO NOTHING;
  -- A lead someone claimed or closed while it was held has had its answer: its timer stays.
  UPDATE notifications n SET response_started_at = p_now
   WHERE n.id = ANY (p_ids) AND n.response_started_at < p_now AND n.lead_status = 'open';
  RETURN QUERY SELECT f.job FROM leadbell_queue_follow_ups(leadbell_leads_by_id(p_ids)) f;
END;
$$;

-- Releases a business's held leads (kept past Starter's limit, decisions 021, 041, 063): oldest
-- first, at most p_room of them (null: every one), and only those not in Spam (a held lead can be
-- quarantined while it waits: it stays there, never counted, never rung). Both releases come here:
-- choosing a larger plan (release-held-leads.ts) and spam giving its room back (the take). Each
-- released lead counts in the billing month that starts at p_period_start and gets what a lead
-- that reaches the team gets (leadbell_release_follow_ups); its deliveries only if it is still
-- open (someone claimed or closed it meanwhile: nobody needs ringing about it) and arrived while
-- the business was open (one that arrived while it was closed rings nobody, as at its arrival:
-- the morning summary lists it). Leads in p_followed_up_by_caller are released and counted but
-- get no jobs here: the caller queues theirs with the rest of its own. Returns the jobs; the
-- caller queues them.
CREATE OR REPLACE FUNCTION leadbell_release_held_leads(
  p_entity_id uuid, p_period_start timestamptz, p_room integer, p_now timestamptz, p_followed_up_by_caller uuid[])
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  v_released uuid[];
  v_ringing uuid[];
BEGIN
  WITH releasable AS (
    SELECT n.id FROM notifications n
     WHERE n.entity_id = p_entity_id AND n.is_held AND n.lead_status <> 'spam'
     ORDER BY n.seq
     -- LIMIT NULL is no limit; greatest() would turn a null room into 0.
     LIMIT CASE WHEN p_room IS NULL THEN NULL ELSE greatest(p_room, 0) END
  ), released AS (
    UPDATE notifications n SET is_held = false
      FROM releasable r
     WHERE n.id = r.id
    RETURNING n.id, n.is_after_hours, n.lead_status
  )
  SELECT coalesce(array_agg(r.id), '{}'),
         coalesce(array_agg(r.id) FILTER (WHERE r.lead_status = 'open' AND NOT r.is_after_hours), '{}')
    INTO v_released, v_ringing
    FROM released r;
  IF cardinality(v_released) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
  VALUES (p_entity_id, p_period_start, cardinality(v_released))
  ON CONFLICT (entity_id, period_start)
    DO UPDATE SET notification_count = usage.notification_count + excluded.notification_count,
                  held_count = greatest(usage.held_count - excluded.notification_count, 0);
  RETURN QUERY
    SELECT d.job FROM leadbell_queue_deliveries(
                        ARRAY(SELECT unnest(v_ringing) EXCEPT SELECT unnest(p_followed_up_by_caller))) d
    UNION ALL
    SELECT f.job FROM leadbell_release_follow_ups(
                        ARRAY(SELECT unnest(v_released) EXCEPT SELECT unnest(p_followed_up_by_caller)), p_now) f;
END;
$$;

-- Accepts a batch of notifications in one statement, so in one transaction, one round trip and
-- one durable commit (decision 020). Each item gets its own outcome, and a refused item writes
-- nothing. Only items whose outcome needs deciding (an idempotency key, a plan with a limit, a
-- test) are handled one by one; everything else is one statement for the whole batch.
-- The caller renders each title and message in TypeScript from its remembered key, flow and plan,
-- and passes what it rendered from: when any of it changed since, the item is 'stale' and the
-- caller reads them afresh and tries again.
-- Outcomes: accepted, held (a lead past the plan's limit, stored, not delivered), replay, stale,
-- test_limit. Everything accepted is listed in one intake job, from which the
-- worker derives the rest (leadbell_take_outbox).
CREATE OR REPLACE FUNCTION leadbell_accept_notifications(p_items leadbell_batch_item[])
RETURNS TABLE (item integer, outcome text, response jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_kept jsonb;
  v_id uuid;
  v_status text;
  -- Items refused or replayed: { "<item>": ["<outcome>", <response or null>] }.
  v_settled jsonb;
  -- Answers given in this batch per "<entity> <idempotency key>", for a key repeated within it.
  v_answered jsonb := '{}';
  -- The idempotency keys this batch claimed, as "<entity> <key>": its answers are kept in them.
  v_claimed text[] := '{}';
  -- Whether an item has an idempotency key, and whether one with a key claimed it and was refused.
  v_keyed boolean;
  v_key_refused boolean := false;
  v_accepted_items integer[] := '{}';
  v_accepted_ids uuid[] := '{}';
  -- Accepted items that are held rather than delivered.
  v_held_items integer[] := '{}';
  -- Accepted items counted against the plan (not tests, not held): they may cross a usage alert.
  v_counted_items integer[] := '{}';
  -- Everything accepted in a batch has the same created_at: the transaction's start, now().
  v_created_at text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  -- What each item was rendered from must still hold. Timestamps compare at millisecond
  -- precision: that is what the caller's JavaScript dates hold. And whether any has an
  -- idempotency key, in the same pass.
  SELECT coalesce(jsonb_object_agg(b.item::text, jsonb_build_array('stale', NULL)) FILTER (WHERE stale.is_stale), '{}'),
         coalesce(bool_or(b.idempotency_key IS NOT NULL AND NOT stale.is_stale), false)
    INTO v_settled, v_keyed
    FROM unnest(p_items) b
   CROSS JOIN LATERAL (SELECT NOT EXISTS (
     SELECT 1
       FROM api_keys k
       JOIN entities e ON e.id = k.entity_id
       JOIN flows f ON f.entity_id = k.entity_id
      WHERE k.id = b.api_key_id AND k.entity_id = b.entity_id AND k.revoked_at IS NULL
        AND k.allowed_origins IS NOT DISTINCT FROM b.allowed_origins
        AND f.id = b.flow_id AND f.title = b.flow_title AND f.message = b.flow_message
        AND e.plan IS NOT DISTINCT FROM b.plan
        AND date_trunc('milliseconds', e.plan_selected_at) IS NOT DISTINCT FROM b.plan_selected_at
        AND e.pending_plan IS NOT DISTINCT FROM b.pending_plan
        AND date_trunc('milliseconds', e.pending_plan_from) IS NOT DISTINCT FROM b.pending_plan_from)) AS stale (is_stale);

  -- Each entity's lock, shared (decision 061): batches of one entity run side by side, while a
  -- transaction that changes its leads and plan count together (lockEntityLeads, the worker's
  -- quarantine) takes it alone, so it waits for the batches under way and they for it. Nothing
  -- else here waits on another batch but a limited plan's count row and a repeated idempotency
  -- key, each taken in one order. Positions need no lock: they follow the writing transaction.
  PERFORM pg_advisory_xact_lock_shared(locks.entity_lock)
     FROM (SELECT DISTINCT leadbell_entity_lock_key(b.entity_id) AS entity_lock FROM unnest(p_items) b
            WHERE NOT v_settled ? b.item::text ORDER BY 1) locks;

  -- Most items only need counting (no idempotency key, a plan without a limit, not a test), and
  -- spam is never counted (decision 039), so never refused or held for the limit: together.
  SELECT coalesce(array_agg(b.item), '{}'), coalesce(array_agg(gen_random_uuid()), '{}'),
         coalesce(array_agg(b.item) FILTER (WHERE NOT b.is_spam), '{}')
    INTO v_accepted_items, v_accepted_ids, v_counted_items
    FROM unnest(p_items) b
   WHERE NOT v_settled ? b.item::text AND b.idempotency_key IS NULL
     AND (b.notification_limit IS NULL OR b.is_spam) AND NOT b.is_test;
  -- Only a plan without a limit comes this way, and its count is appended, not added to its row
  -- (decision 060): a row updated here stayed locked to this batch's commit, and the business's
  -- next batch waited on it.
  INSERT INTO entity_usage_deltas (entity_id, period_start, notification_count)
  SELECT b.entity_id, b.period_start, count(*)
    FROM unnest(p_items) b
   WHERE b.item = ANY (v_counted_items)
   GROUP BY b.entity_id, b.period_start;

  -- The batch's idempotency keys, claimed before anything is counted, each once, in one order: a
  -- key's row is this batch's to answer, or another's answer to replay. Another batch claiming
  -- one of them waits here for that batch's commit, then replays its answer (or claims the key
  -- if it rolled back). Kept 24 hours: an older answer is claimed afresh.
  IF v_keyed THEN
    WITH claimed AS (
      INSERT INTO idempotency_keys AS kept (entity_id, key, response)
      SELECT DISTINCT b.entity_id, b.idempotency_key, 'null'::jsonb
        FROM unnest(p_items) b
       WHERE b.idempotency_key IS NOT NULL AND NOT v_settled ? b.item::text
       ORDER BY 1, 2
      ON CONFLICT (entity_id, key) DO UPDATE SET response = 'null'::jsonb, created_at = now()
        WHERE kept.created_at <= now() - interval '24 hours'
      RETURNING kept.entity_id, kept.key
    )
    SELECT coalesce(array_agg(claimed.entity_id || ' ' || claimed.key), '{}') INTO v_claimed FROM claimed;
    -- A statement of its own, so it sees what the batches it waited for committed.
    SELECT v_answered || coalesce(jsonb_object_agg(kept.entity_id || ' ' || kept.key, kept.response), '{}')
      INTO v_answered
      FROM idempotency_keys kept
      JOIN (SELECT DISTINCT b.entity_id, b.idempotency_key FROM unnest(p_items) b
             WHERE b.idempotency_key IS NOT NULL AND NOT v_settled ? b.item::text
               AND NOT (b.entity_id || ' ' || b.idempotency_key) = ANY (v_claimed)) replayed
        ON kept.entity_id = replayed.entity_id AND kept.key = replayed.idempotency_key;
  END IF;

  -- The others one by one, in entity order: a replay, a test within its allowance, a count, a
  -- held lead, or a refusal.
  FOR v IN
    SELECT b.* FROM unnest(p_items) b
     WHERE NOT v_settled ? b.item::text AND NOT b.item = ANY (v_accepted_items)
     ORDER BY leadbell_entity_lock_key(b.entity_id), b.item
  LOOP
    IF v.idempotency_key IS NOT NULL THEN
      v_kept := v_answered -> (v.entity_id || ' ' || v.idempotency_key);
      IF v_kept IS NOT NULL THEN
        v_settled := v_settled || jsonb_build_object(v.item::text, jsonb_build_array('replay', v_kept));
        CONTINUE;
      END IF;
    END IF;

    IF v.is_spam THEN
      v_status := 'accepted';
    ELSIF v.is_test THEN
      INSERT INTO entity_usage AS usage (entity_id, period_start, test_count)
      VALUES (v.entity_id, v.period_start, 1)
      ON CONFLICT (entity_id, period_start) DO UPDATE SET test_count = usage.test_count + 1
        WHERE usage.test_count < v.test_limit;
      IF NOT FOUND THEN
        v_settled := v_settled || jsonb_build_object(v.item::text, jsonb_build_array('test_limit', NULL));
        v_key_refused := v_key_refused OR v.idempotency_key IS NOT NULL;
        CONTINUE;
      END IF;
      v_status := 'accepted';
    ELSIF v.notification_limit IS NULL THEN
      -- Appended, as the plain items' count above.
      INSERT INTO entity_usage_deltas (entity_id, period_start, notification_count)
      VALUES (v.entity_id, v.period_start, 1);
      v_status := 'accepted';
      v_counted_items := v_counted_items || v.item;
    ELSE
      INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
      VALUES (v.entity_id, v.period_start, 1)
      ON CONFLICT (entity_id, period_start) DO UPDATE SET notification_count = usage.notification_count + 1
        WHERE usage.notification_count < v.notification_limit;
      IF FOUND THEN
        v_status := 'accepted';
        v_counted_items := v_counted_items || v.item;
      ELSE
        -- Past the limit the usage row exists: the lead is held, from every source (decision 041),
        -- so no lead is ever lost to a limit.
        UPDATE entity_usage usage SET held_count = usage.held_count + 1
         WHERE usage.entity_id = v.entity_id AND usage.period_start = v.period_start;
        v_status := 'held';
        v_held_items := v_held_items || v.item;
        INSERT INTO entity_alerts (entity_id, period_start, kind)
        VALUES (v.entity_id, v.period_start, 'leads_held')
        ON CONFLICT DO NOTHING;
        IF FOUND THEN
          INSERT INTO job_outbox (data)
          VALUES (jsonb_build_object('kind', 'entity-alert', 'entityId', v.entity_id, 'periodStart', v.period_start,
                                     'alert', 'leads_held'));
        END IF;
      END IF;
    END IF;

    v_id := gen_random_uuid();
    v_accepted_items := v_accepted_items || v.item;
    v_accepted_ids := v_accepted_ids || v_id;
    IF v.idempotency_key IS NOT NULL THEN
      v_kept := jsonb_build_object('id', v_id, 'flowId', v.flow_id, 'createdAt', v_created_at, 'status', v_status,
                                   'test', v.is_test, 'unusedFields', coalesce(v.unused_fields, '[]'));
      v_answered := v_answered || jsonb_build_object(v.entity_id || ' ' || v.idempotency_key, v_kept);
      UPDATE idempotency_keys kept SET response = v_kept
       WHERE kept.entity_id = v.entity_id AND kept.key = v.idempotency_key;
      -- Expired keys are pruned now and then rather than on every request, which would scan them all.
      IF random() < 0.01 THEN
        DELETE FROM idempotency_keys
         WHERE entity_id = v.entity_id AND created_at <= now() - interval '24 hours';
      END IF;
    END IF;
  END LOOP;

  -- A claimed key whose item was refused keeps no answer: its retry is a new request.
  IF v_key_refused THEN
    DELETE FROM idempotency_keys kept
     WHERE (kept.entity_id || ' ' || kept.key) = ANY (v_claimed) AND NOT v_answered ? (kept.entity_id || ' ' || kept.key);
  END IF;

  IF cardinality(v_accepted_ids) > 0 THEN
    -- The leads as accepted (decision 064), in item order within the transaction's block (decision
    -- 061); the worker's take moves them into notifications.
    INSERT INTO lead_intake (id, accepted_position, entity_id, flow_id, title, message, url, data, is_test, is_held,
                             source, page_url, shortened_fields, is_after_hours, response_started_at,
                             response_target_seconds, lead_status, spam_reasons, message_fingerprint,
                             sender_fingerprint, fill_token, referrer, attribution, traffic_source, created_at)
    SELECT accepted.id, leadbell_position_block(p) + accepted.position, b.entity_id, b.flow_id, b.title, b.message,
           b.url, b.data, b.is_test,
           accepted.item = ANY (v_held_items), b.source, b.page_url, coalesce(b.shortened_fields, '{}'),
           coalesce(b.is_after_hours, false), b.response_started_at, b.response_target_seconds,
           CASE WHEN b.is_spam THEN 'spam' ELSE 'open' END, b.spam_reasons, b.message_fingerprint,
           b.sender_fingerprint, b.fill_token, b.referrer, b.attribution, b.traffic_source, now()
      FROM unnest(v_accepted_items, v_accepted_ids) WITH ORDINALITY AS accepted (item, id, position)
      JOIN unnest(p_items) b ON b.item = accepted.item
     CROSS JOIN notification_positions p;
    -- A held lead is in notifications at once: a release (a larger plan, spam's room) reads the
    -- business's held leads there, under its lock, which this batch holds shared to its commit.
    -- The business's leads still waiting go with it, so it is listed after them; those a take is
    -- moving now are skipped, not waited for (that take may be waiting for this batch's lock).
    IF cardinality(v_held_items) > 0 THEN
      PERFORM leadbell_take_in_leads(
        ARRAY(SELECT i.id FROM lead_intake i
               WHERE i.entity_id IN (SELECT b.entity_id FROM unnest(p_items) b WHERE b.item = ANY (v_held_items))
                 FOR UPDATE SKIP LOCKED), false);
    END IF;

    -- What the worker derives the rest from: the leads, the keys that sent them and when (their
    -- last use), for usage alerts each counted entity's month and included volume (`usage`), and
    -- for spam's refunds the same of every entity with a lead that is not a test (`plans`).
    INSERT INTO job_outbox (data)
    SELECT jsonb_build_object(
             'kind', 'intake',
             'notificationIds', to_jsonb(v_accepted_ids),
             'acceptedAt', now(),
             'apiKeyIds', (SELECT jsonb_agg(DISTINCT b.api_key_id) FROM unnest(p_items) b
                            WHERE b.item = ANY (v_accepted_items)),
             'usage', (SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object(
                                'entityId', b.entity_id, 'periodStart', b.period_start,
                                'includedNotifications', b.included_notifications)), '[]')
                         FROM unnest(p_items) b WHERE b.item = ANY (v_counted_items)),
             'plans', (SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object(
                                'entityId', b.entity_id, 'periodStart', b.period_start,
                                'includedNotifications', b.included_notifications)), '[]')
                         FROM unnest(p_items) b
                        WHERE b.item = ANY (v_accepted_items) AND NOT b.is_test));
  END IF;

  RETURN QUERY
    SELECT settled.key::integer, settled.value ->> 0, nullif(settled.value -> 1, 'null'::jsonb)
      FROM jsonb_each(v_settled) settled
    UNION ALL
    SELECT accepted.item, status.value,
           jsonb_build_object('id', accepted.id, 'flowId', b.flow_id, 'createdAt', v_created_at, 'status', status.value,
                              'test', b.is_test, 'unusedFields', coalesce(b.unused_fields, '[]'))
      FROM unnest(v_accepted_items, v_accepted_ids) AS accepted (item, id)
      JOIN unnest(p_items) b ON b.item = accepted.item
      CROSS JOIN LATERAL (SELECT CASE WHEN accepted.item = ANY (v_held_items) THEN 'held' ELSE 'accepted' END) AS status (value);
END;
$$;

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
CREATE OR REPLACE FUNCTION leadbell_accept_notifications_within_rate(
  p_items jsonb,
  -- Tokens a second and the most a bucket holds: NOTIFY_RATE_LIMIT and NOTIFY_RATE_BURST.
  p_rate double precision,
  p_burst integer
) RETURNS TABLE (item integer, outcome text, response jsonb, rate_tokens double precision)
LANGUAGE plpgsql AS $$
DECLARE
  -- Per charged item: { "<item>": [<within the rate>, <tokens left after it>] }.
  v_rated jsonb;
  v_items leadbell_batch_item[] := leadbell_batch_items(p_items);
BEGIN
  -- One upsert takes every key's tokens, in key order so concurrent batches cannot deadlock. A new
  -- key's bucket starts full; no more than a burst passes at once.
  WITH charged AS (
    SELECT b.item, b.api_key_id, row_number() OVER (PARTITION BY b.api_key_id ORDER BY b.item) AS position
      FROM unnest(v_items) b
      JOIN api_keys k ON k.id = b.api_key_id
     WHERE b.rate_tokens IS NULL AND k.revoked_at IS NULL AND k.allowed_origins IS NOT DISTINCT FROM b.allowed_origins
  ), taken AS (
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
  )
  SELECT coalesce(jsonb_object_agg(rated.item::text, jsonb_build_array(rated.within, rated.tokens)), '{}')
    INTO v_rated
    FROM (SELECT c.item, c.position <= t.taken AS within, t.tokens + greatest(t.taken - c.position, 0) AS tokens
            FROM charged c
            JOIN taken t ON t.api_key_id = c.api_key_id
          UNION ALL
          SELECT b.item, true, b.rate_tokens FROM unnest(v_items) b WHERE b.rate_tokens IS NOT NULL) rated;

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

-- An entity's count against its plan in the month from p_period_start: its entity_usage row with
-- what is appended and not yet added in (decision 060).
CREATE OR REPLACE FUNCTION leadbell_usage_count(p_entity_id uuid, p_period_start timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (coalesce((SELECT u.notification_count FROM entity_usage u
                     WHERE u.entity_id = p_entity_id AND u.period_start = p_period_start), 0)
          + coalesce((SELECT sum(d.notification_count) FROM entity_usage_deltas d
                       WHERE d.entity_id = p_entity_id AND d.period_start = p_period_start), 0))::integer
$$;

-- Adds the plan counts ingestion appended (entity_usage_deltas, decision 060) into entity_usage.
-- One entity's (p_entity_id), under its lock: all of them, waiting for a fold that holds some. Or,
-- for the worker's take (null), every entity's that no one else holds: the take then never waits
-- here, on a transaction that may be waiting for a lead the take has locked (its foreign keys lock
-- the leads it writes rows for). Upserted in key order, so two folds never deadlock; an entity
-- deleted since has nothing to add to.
CREATE OR REPLACE FUNCTION leadbell_fold_usage(p_entity_id uuid) RETURNS void
LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM entity_usage_deltas d
     WHERE d.entity_id = p_entity_id
        OR (p_entity_id IS NULL
            AND d.ctid = ANY (ARRAY(SELECT x.ctid FROM entity_usage_deltas x FOR UPDATE SKIP LOCKED)))
    RETURNING d.*
  )
  INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
  SELECT f.entity_id, f.period_start, sum(f.notification_count)
    FROM folded f
   WHERE EXISTS (SELECT FROM entities e WHERE e.id = f.entity_id)
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (entity_id, period_start)
    DO UPDATE SET notification_count = usage.notification_count + excluded.notification_count;
$$;

-- What the worker's take adds in, last (decision 060): the plan counts and the insights counts
-- appended since, skipping rows another transaction holds. One take folds at a time: another
-- finding it busy leaves the rows to it.
CREATE OR REPLACE FUNCTION leadbell_fold_counts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_try_advisory_xact_lock(hashtextextended('leadbell_fold_counts', 0)) THEN
    PERFORM leadbell_fold_usage(NULL);
    PERFORM leadbell_fold_lead_stats();
  END IF;
END;
$$;

-- Takes an entity's lock (leadbell_entity_lock_key) for a transaction that changes its leads and
-- plan count together (lockEntityLeads), then adds its appended counts in, so its count row is
-- whole for that transaction: no batch appends more while the lock is held.
CREATE OR REPLACE FUNCTION leadbell_lock_entity_leads(p_entity_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(leadbell_entity_lock_key(p_entity_id));
  PERFORM leadbell_fold_usage(p_entity_id);
END;
$$;

-- The entities, months and included volumes an intake job lists under p_list: `usage` (its
-- counted leads') or `plans` (all its leads' but tests).
CREATE OR REPLACE FUNCTION leadbell_intake_usage(p_intakes jsonb, p_list text)
RETURNS TABLE (entity_id uuid, period_start timestamptz, included_notifications integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT (u ->> 'entityId')::uuid, (u ->> 'periodStart')::timestamptz, (u ->> 'includedNotifications')::integer
    FROM jsonb_array_elements(p_intakes) intake
   CROSS JOIN jsonb_array_elements(coalesce(intake -> p_list, '[]')) u
$$;

-- Takes up to p_limit jobs from job_outbox, oldest first, skipping rows another process is taking,
-- and returns the jobs to queue in pg-boss; the caller queues them in this transaction (decision
-- 034). Every row says how many outbox rows were taken (`taken`) and whether its job is due now
-- (`due`: by the clock, not now(), which is when this transaction's message arrived and so may be
-- before a row it took was written); when the rows imply no job at all, one row with no job says so. An intake job (one per accepted batch, decision 038) is not queued itself: what it implies
-- is derived here, in the same transaction, so it happens exactly once:
-- - first, its leads moved from lead_intake into notifications, unless a read moved them already
--   (leadbell_take_in_leads, decision 064);
-- - each lead's delivery job, unless it is held or arrived while the business was closed;
-- - each lead's acknowledgement job, when its flow acknowledges visitors (decision 047);
-- - each lead's `lead.created` webhook deliveries and their jobs (decision 049);
-- - each flow's count and last lead, each key's last use (at most once a minute);
-- - usage alerts at p_usage_alert_percents of the included volume, once each per billing month;
-- - each lead's search text (lead_search);
-- - the first escalation stage of each lead that escalates (lead_escalations);
-- - first of all, the spam verdict on what only the database knows (decision 039): the same
--   message at other entities within a day, the team's earlier word on the sender or the message
--   (spam_marks), a fill-time token used before, and a flood (more of the flow's leads in the
--   last minute than a form gets from people; its admins are emailed once a day). p_spam carries
--   spam-score.ts's WORKER_VERDICT;
-- - last, the plan and insights counts appended since the last take, added in
--   (leadbell_fold_counts, decision 060).
CREATE OR REPLACE FUNCTION leadbell_take_outbox(p_limit integer, p_usage_alert_percents integer[], p_spam jsonb)
RETURNS TABLE (data jsonb, start_after text, due boolean, taken integer)
LANGUAGE plpgsql
-- Planned once per connection, every join a nested loop over indexes, as leadbell_queue_deliveries:
-- planning its statements was 4 ms of a take's 5 at one lead a take.
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  v_taken integer;
  v_jobs jsonb;
  v_intakes jsonb;
  v_ids uuid[];
  -- The taken leads' rows, read once by primary key: the statements below read them from here
  -- instead of each joining notifications again.
  v_leads notifications[];
  v_quarantined integer;
  v_flooded_flows uuid[];
  v_quarantine_ids uuid[] := '{}';
  v_quarantine_reasons jsonb[];
  v_quarantine_flooded boolean[];
  v_quarantine_locks bigint[];
  v_quarantined_entities uuid[] := '{}';
BEGIN
  WITH taken AS (
    DELETE FROM job_outbox
     WHERE id IN (SELECT id FROM job_outbox ORDER BY id LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING job_outbox.data, job_outbox.start_after
  )
  SELECT coalesce(jsonb_agg(jsonb_build_array(t.data, t.start_after)) FILTER (WHERE t.data ->> 'kind' <> 'intake'), '[]'),
         coalesce(jsonb_agg(t.data) FILTER (WHERE t.data ->> 'kind' = 'intake'), '[]'),
         count(*)
    INTO v_jobs, v_intakes, v_taken
    FROM taken t;

  v_ids := ARRAY(SELECT lead.id::uuid
                   FROM jsonb_array_elements(v_intakes) intake
                  CROSS JOIN jsonb_array_elements_text(intake -> 'notificationIds') AS lead (id));
  IF cardinality(v_ids) > 0 THEN
    PERFORM leadbell_take_in_leads(v_ids, true);
    v_leads := leadbell_leads_by_id(v_ids);
    -- The same message at other entities within a day is a campaign when something else says so
    -- too: words that count, or another sender at each (scoreLead's network signal). Only hashes
    -- are compared, and only earlier arrivals count, so the first business still gets its lead.
    WITH judged AS (
      SELECT n.id, n.entity_id, n.flow_id, n.is_held,
             coalesce(sum((r.value ->> 'points')::integer), 0) AS points,
             coalesce(sum((r.value ->> 'points')::integer)
                        FILTER (WHERE r.value ->> 'code' IN (SELECT jsonb_array_elements_text(p_spam -> 'contentCodes'))), 0)
               AS content_points,
             network.other_entities, network.same_sender,
             EXISTS (SELECT FROM spam_marks m
                      WHERE m.entity_id = n.entity_id AND m.verdict = 'spam'
                        AND m.fingerprint IN (n.message_fingerprint, n.sender_fingerprint)) AS marked,
             EXISTS (SELECT FROM spam_marks m
                      WHERE m.entity_id = n.entity_id AND m.verdict = 'not_spam'
                        AND m.fingerprint = n.sender_fingerprint) AS trusted,
             -- Used by an earlier batch's lead, or an earlier one of this batch.
             n.fill_token IS NOT NULL AND (
               EXISTS (SELECT FROM fill_token_uses u WHERE u.entity_id = n.entity_id AND u.nonce = n.fill_token)
               OR EXISTS (SELECT FROM unnest(v_leads) AS o
                           WHERE o.entity_id = n.entity_id AND o.fill_token = n.fill_token
                             AND (o.created_at, o.id) < (n.created_at, n.id))) AS replayed,
             -- Read backward along the flow's positions: at most floodLeadsPerMinute rows.
             (SELECT o.created_at FROM notifications o
               WHERE o.flow_id = n.flow_id AND o.seq < n.seq
               ORDER BY o.seq DESC
              OFFSET (p_spam ->> 'floodLeadsPerMinute')::integer - 1 LIMIT 1) > n.created_at - interval '1 minute'
               AS flooded
        FROM unnest(v_leads) AS n
        CROSS JOIN LATERAL (
          SELECT count(*) AS other_entities,
                 -- No address or phone either time: nothing says it is someone else.
                 coalesce(bool_and(f.sender IS NOT DISTINCT FROM n.sender_fingerprint), true) AS same_sender
            FROM spam_fingerprints f
           WHERE f.fingerprint = n.message_fingerprint AND f.entity_id <> n.entity_id
             AND f.seen_at > now() - interval '1 day' AND f.seen_at < n.created_at) network
        LEFT JOIN LATERAL jsonb_array_elements(n.spam_reasons) r ON true
       WHERE n.lead_status = 'open' AND n.spam_reasons IS NOT NULL
       GROUP BY n.id, n.entity_id, n.is_held, n.fill_token, n.flow_id, n.seq, n.created_at, n.message_fingerprint,
                n.sender_fingerprint, network.other_entities, network.same_sender
    ), signals AS (
      -- A sender the team said is not spam is never quarantined here; one it said is spam always is.
      SELECT j.*,
             CASE WHEN NOT j.trusted AND j.other_entities > 0 AND (j.content_points > 0 OR NOT j.same_sender)
                  THEN jsonb_build_array(jsonb_build_object('code', 'network_fingerprint',
                                                            'points', (p_spam ->> 'networkPoints')::integer))
                  ELSE '[]' END
             || CASE WHEN j.marked AND NOT j.trusted
                     THEN jsonb_build_array(jsonb_build_object('code', 'marked_before',
                                                               'points', (p_spam ->> 'markedPoints')::integer))
                     ELSE '[]' END
             || CASE WHEN j.replayed
                     THEN jsonb_build_array(jsonb_build_object('code', 'replayed_token',
                                                               'points', (p_spam ->> 'replayedPoints')::integer))
                     ELSE '[]' END
             -- A flood is told by the request's own signals with it (no token, a throwaway
             -- address…), never by words: a customer writing in the middle of one still rings.
             || CASE WHEN j.flooded AND NOT j.trusted
                      AND j.points - j.content_points + (p_spam ->> 'floodPoints')::integer
                          >= (p_spam ->> 'threshold')::integer
                     THEN jsonb_build_array(jsonb_build_object('code', 'flood',
                                                               'points', (p_spam ->> 'floodPoints')::integer))
                     ELSE '[]' END AS added
        FROM judged j
    )
    SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}'), coalesce(array_agg(s.added ORDER BY s.id), '{}'),
           coalesce(array_agg(s.flooded ORDER BY s.id), '{}'),
           coalesce(array_agg(DISTINCT leadbell_entity_lock_key(s.entity_id)), '{}')
      INTO v_quarantine_ids, v_quarantine_reasons, v_quarantine_flooded, v_quarantine_locks
      FROM signals s
     WHERE jsonb_array_length(s.added) > 0
       AND least(s.content_points, (p_spam ->> 'contentCap')::integer) + (s.points - s.content_points)
           + (SELECT sum((a ->> 'points')::integer) FROM jsonb_array_elements(s.added) a)
           >= (p_spam ->> 'threshold')::integer;
  END IF;

  IF cardinality(v_quarantine_ids) > 0 THEN
    -- Quarantining writes the lead and then its plan count, while ingestion takes the plan count
    -- and then writes leads: each entity's lock first, alone, so the batches under way finish and
    -- new ones wait. In the ingestion's order (the lock keys ascending), and only when there is spam.
    PERFORM pg_advisory_xact_lock(locks.lock_key)
       FROM (SELECT lock_key FROM unnest(v_quarantine_locks) AS lock_key ORDER BY lock_key) locks;
    -- What they give back below comes off their count rows: with everything appended added in.
    PERFORM leadbell_fold_usage(quarantined.entity_id)
       FROM (SELECT DISTINCT n.entity_id FROM unnest(v_leads) AS n WHERE n.id = ANY (v_quarantine_ids) ORDER BY 1) quarantined;
    WITH quarantined AS (
      UPDATE notifications n
         SET lead_status = 'spam', response_started_at = NULL, response_target_seconds = NULL,
             spam_reasons = n.spam_reasons || q.added
        FROM unnest(v_quarantine_ids, v_quarantine_reasons, v_quarantine_flooded) AS q (id, added, flooded)
       WHERE n.id = q.id AND n.lead_status = 'open'
      RETURNING n.id, n.entity_id, n.flow_id, n.is_held, q.flooded
    ), flood_alerts AS (
      -- A flood's quarantine is news to the owner once a day: what it held waits under Spam.
      INSERT INTO entity_alerts (entity_id, period_start, kind)
      SELECT DISTINCT q.entity_id, date_trunc('day', now(), 'UTC'), 'spam_flood'
        FROM quarantined q WHERE q.flooded
      ON CONFLICT DO NOTHING
      RETURNING entity_alerts.entity_id, entity_alerts.period_start
    ), flood_jobs AS (
      INSERT INTO job_outbox (data)
      SELECT jsonb_build_object('kind', 'entity-alert', 'entityId', f.entity_id, 'periodStart', f.period_start,
                                'alert', 'spam_flood')
        FROM flood_alerts f
    ), refunded AS (
      -- Spam never counts against the plan: a lead counted at its arrival is given back.
      UPDATE entity_usage u SET notification_count = u.notification_count - q.leads
        FROM (SELECT q.entity_id, count(*) AS leads FROM quarantined q WHERE NOT q.is_held GROUP BY q.entity_id) q
        JOIN leadbell_intake_usage(v_intakes, 'plans') counted ON counted.entity_id = q.entity_id
       WHERE u.entity_id = q.entity_id AND u.period_start = counted.period_start
    )
    -- Consoles that already show the lead hear that it moved to Spam.
    SELECT count(pg_notify('leadbell_lead_events', q.entity_id || ' ' || q.id)),
           coalesce(array_agg(DISTINCT q.flow_id) FILTER (WHERE q.flooded), '{}'),
           coalesce(array_agg(DISTINCT q.entity_id), '{}')
      INTO v_quarantined, v_flooded_flows, v_quarantined_entities
      FROM quarantined q;

    -- A flood is told only once it passes the minute's limit: its leads before that rang, and
    -- counted. Those the flood would have quarantined (a request signal with it: no token, a
    -- throwaway address…) are quarantined now and given back, so a bot never eats the plan;
    -- leads nobody could tell from a customer's, and ones the team took, stay.
    IF cardinality(v_flooded_flows) > 0 THEN
      WITH swept AS (
        UPDATE notifications n
           SET lead_status = 'spam', response_started_at = NULL, response_target_seconds = NULL,
               spam_reasons = n.spam_reasons || jsonb_build_array(jsonb_build_object(
                 'code', 'flood', 'points', (p_spam ->> 'floodPoints')::integer))
          FROM (SELECT c.id,
                       coalesce(sum((r.value ->> 'points')::integer) FILTER (WHERE r.value ->> 'code' NOT IN
                               (SELECT jsonb_array_elements_text(p_spam -> 'contentCodes'))), 0) AS points
                  FROM notifications c
                  LEFT JOIN LATERAL jsonb_array_elements(c.spam_reasons) r ON true
                 WHERE c.flow_id = ANY (v_flooded_flows) AND c.lead_status = 'open' AND c.claimed_by IS NULL
                   AND c.first_claimed_at IS NULL AND c.spam_reasons IS NOT NULL
                   AND c.created_at > now() - interval '1 minute'
                   AND NOT EXISTS (SELECT FROM spam_marks m
                                    WHERE m.entity_id = c.entity_id AND m.verdict = 'not_spam'
                                      AND m.fingerprint = c.sender_fingerprint)
                 GROUP BY c.id) scored
         WHERE n.id = scored.id
           AND scored.points + (p_spam ->> 'floodPoints')::integer >= (p_spam ->> 'threshold')::integer
        RETURNING n.id, n.entity_id, n.is_held
      ), given_back AS (
        -- Counted in the month the flood's lead of this batch was: they arrived within a minute of it.
        UPDATE entity_usage u SET notification_count = greatest(0, u.notification_count - back.leads)
          FROM (SELECT s.entity_id, count(*) AS leads FROM swept s WHERE NOT s.is_held GROUP BY s.entity_id) back
          JOIN leadbell_intake_usage(v_intakes, 'plans') counted ON counted.entity_id = back.entity_id
         WHERE u.entity_id = back.entity_id AND u.period_start = counted.period_start
      ), unescalated AS (
        DELETE FROM lead_escalations e USING swept s WHERE e.notification_id = s.id
      )
      SELECT v_quarantined + count(pg_notify('leadbell_lead_events', s.entity_id || ' ' || s.id))
        INTO v_quarantined
        FROM swept s;
    END IF;

    -- What spam gave back is room again: a form's lead held for the limit while the bot's leads
    -- were counted is delivered now, oldest first, as choosing a larger plan would (those of this
    -- batch with the rest of it below).
    IF v_quarantined > 0 THEN
      SELECT v_jobs || coalesce(jsonb_agg(jsonb_build_array(released.job, now())), '[]')
        INTO v_jobs
        FROM leadbell_intake_usage(v_intakes, 'plans') r
        JOIN entity_usage u ON u.entity_id = r.entity_id AND u.period_start = r.period_start
       CROSS JOIN LATERAL leadbell_release_held_leads(r.entity_id, r.period_start,
                                                      r.included_notifications - u.notification_count, now(), v_ids) released
       WHERE r.entity_id = ANY (v_quarantined_entities);
    END IF;
    -- What follows reads the leads as the quarantine left them.
    v_leads := leadbell_leads_by_id(v_ids);
  END IF;

  IF cardinality(v_ids) > 0 THEN
    INSERT INTO spam_fingerprints (fingerprint, entity_id, sender, seen_at)
    SELECT DISTINCT ON (n.message_fingerprint, n.entity_id) n.message_fingerprint, n.entity_id, n.sender_fingerprint,
           n.created_at
      FROM unnest(v_leads) AS n
     WHERE n.message_fingerprint IS NOT NULL AND NOT n.is_test
     ORDER BY n.message_fingerprint, n.entity_id, n.created_at DESC
    ON CONFLICT (fingerprint, entity_id)
      DO UPDATE SET seen_at = greatest(spam_fingerprints.seen_at, excluded.seen_at), sender = excluded.sender;
    INSERT INTO fill_token_uses (entity_id, nonce)
    SELECT DISTINCT n.entity_id, n.fill_token
      FROM unnest(v_leads) AS n
     WHERE n.fill_token IS NOT NULL
    ON CONFLICT DO NOTHING;
    -- A day is all the network signal looks back, and longer than a token lives; pruned now and
    -- then rather than on every take.
    IF random() < 0.01 THEN
      DELETE FROM spam_fingerprints WHERE seen_at < now() - interval '1 day';
      DELETE FROM fill_token_uses WHERE used_at < now() - interval '1 day';
    END IF;

    UPDATE flows f
       SET notification_count = f.notification_count + counted.notifications,
           last_notification_at = greatest(f.last_notification_at, counted.last_at)
      FROM (SELECT n.flow_id, count(*) AS notifications, max(n.created_at) AS last_at
              FROM unnest(v_leads) AS n
             WHERE n.lead_status <> 'spam'
             GROUP BY n.flow_id) counted
     WHERE f.id = counted.flow_id;

    UPDATE api_keys k SET last_used_at = used.at
      FROM (SELECT key.id::uuid AS id, max((intake ->> 'acceptedAt')::timestamptz) AS at
              FROM jsonb_array_elements(v_intakes) intake
             CROSS JOIN jsonb_array_elements_text(intake -> 'apiKeyIds') AS key (id)
             GROUP BY key.id) used
     WHERE k.id = used.id AND (k.last_used_at IS NULL OR k.last_used_at < used.at - interval '1 minute');

    -- Held leads wait for a larger plan; leads while the business is closed, and spam, ring nobody.
    SELECT v_jobs || coalesce(jsonb_agg(jsonb_build_array(q.job, now())), '[]')
      INTO v_jobs
      FROM leadbell_queue_deliveries(
             ARRAY(SELECT n.id FROM unnest(v_leads) AS n
                    WHERE NOT n.is_held AND NOT n.is_after_hours AND n.lead_status <> 'spam')) q;

    -- What reaches the team with a lead besides its deliveries, after the quarantine above. A lead
    -- released since it arrived had them from its release.
    SELECT v_jobs || coalesce(jsonb_agg(jsonb_build_array(f.job, now())), '[]')
      INTO v_jobs
      FROM leadbell_queue_follow_ups(ARRAY(
             SELECT n FROM unnest(v_leads) AS n
              WHERE NOT EXISTS (SELECT FROM lead_releases r WHERE r.notification_id = n.id))) f;

    WITH raised AS (
      INSERT INTO entity_alerts (entity_id, period_start, kind)
      SELECT c.entity_id, c.period_start, 'usage_' || percent
        FROM leadbell_intake_usage(v_intakes, 'usage') c
       CROSS JOIN LATERAL (SELECT leadbell_usage_count(c.entity_id, c.period_start) AS notification_count) usage
       CROSS JOIN unnest(p_usage_alert_percents) AS percent
       WHERE usage.notification_count::bigint * 100 >= c.included_notifications::bigint * percent
      ON CONFLICT DO NOTHING
      RETURNING entity_alerts.entity_id, entity_alerts.period_start, entity_alerts.kind
    )
    SELECT v_jobs || coalesce(jsonb_agg(jsonb_build_array(
             jsonb_build_object('kind', 'entity-alert', 'entityId', raised.entity_id,
                                'periodStart', raised.period_start, 'alert', raised.kind), now())), '[]')
      INTO v_jobs
      FROM raised;

    -- What the inbox's search matches inside (lead_search): title, message and data, lower-cased.
    INSERT INTO lead_search (notification_id, search_text, search_digits)
    -- Without accents too (the inbox folds the query alike), and beside it each number's digits
    -- with the spaces, dashes, dots, brackets, "+" and "/" between them dropped, so a phone number
    -- matches however it was written (migration 0022, features/leads/search-digits-of.ts).
    SELECT n.id, folded.text,
           trim(regexp_replace(regexp_replace(folded.text, '[[:space:]\u00a0().+/-]+', '', 'g'), '[^0-9]+', ' ', 'g'))
      FROM unnest(v_leads) AS n
     CROSS JOIN LATERAL (SELECT lower(unaccent(n.title || ' ' || n.message || ' ' || coalesce(n.data::text, '')))) AS folded (text)
    ON CONFLICT DO NOTHING;
  END IF;

  -- Last: it locks rows of every entity with counts appended, and an entity's lock comes before
  -- its rows, here as in lockEntityLeads.
  PERFORM leadbell_fold_counts();

  IF jsonb_array_length(v_jobs) = 0 AND v_taken > 0 THEN
    RETURN QUERY SELECT NULL::jsonb, NULL::text, NULL::boolean, v_taken;
  END IF;
  RETURN QUERY
    SELECT job -> 0, to_char((job ->> 1)::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
           (job ->> 1)::timestamptz <= clock_timestamp(), v_taken
      FROM jsonb_array_elements(v_jobs) job;
END;
$$;

-- The take after one that failed (decision 062): the oldest row alone. A row that fails alone for
-- what is in it (a data or constraint error, SQLSTATE class 22 or 23) would fail every take after
-- it and stop every lead behind it, in every process: it is set aside in job_outbox_set_aside with
-- its error, and this take goes on. A failure of the moment (a deadlock, a lost connection, a
-- shutdown) is raised as before, and the row is taken again. Only rows another process is not
-- taking are considered. `set_aside` names the row set aside and its SQLSTATE, for the log; the
-- error's text, which may quote the row's values, stays in the table (decision 033).
CREATE OR REPLACE FUNCTION leadbell_take_outbox_alone(p_usage_alert_percents integer[], p_spam jsonb)
RETURNS TABLE (data jsonb, start_after text, due boolean, taken integer, set_aside text)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_error text;
BEGIN
  -- Locked here, so the take below takes this row and no other process can.
  SELECT o.id INTO v_id FROM job_outbox o ORDER BY o.id LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF v_id IS NULL THEN
    RETURN;
  END IF;
  BEGIN
    RETURN QUERY
      SELECT t.data, t.start_after, t.due, t.taken, NULL::text
        FROM leadbell_take_outbox(1, p_usage_alert_percents, p_spam) t;
  EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
    v_error := SQLSTATE || ' ' || SQLERRM;
    WITH aside AS (DELETE FROM job_outbox o WHERE o.id = v_id RETURNING o.id, o.data, o.start_after)
    INSERT INTO job_outbox_set_aside (id, data, start_after, error)
    SELECT a.id, a.data, a.start_after, v_error FROM aside a;
    RETURN QUERY SELECT NULL::jsonb, NULL::text, NULL::boolean, 1, format('row %s, SQLSTATE %s', v_id, SQLSTATE);
  END;
END;
$$;
