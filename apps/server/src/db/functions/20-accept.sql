-- Accepting a batch of leads before their 202 (decisions 020, 038): only what the answer needs is
-- written here: the leads (into lead_intake, a table with its primary key alone, decision 064),
-- their counts against the plan, idempotency records and one intake job per batch. The worker
-- derives everything else from the intake job when it takes it (30-take.sql). What a batch may
-- cost PostgreSQL is a test: ingest-budget.integration.test.ts.

-- The items of a batch (type leadbell_batch_item, 00-batch-item.sql), parsed from the caller's JSON
-- once per batch, by one jsonb_populate_recordset: every statement below reads the array, where
-- each used to parse the JSON again (issue 23). A field the caller left out is null. (A plain
-- batch's one statement, in 10-rate.sql, reads the rows of the same jsonb_populate_recordset.)
CREATE OR REPLACE FUNCTION leadbell_batch_items(p_items jsonb)
RETURNS leadbell_batch_item[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(b ORDER BY b.item), '{}')
    FROM jsonb_populate_recordset(NULL::leadbell_batch_item, p_items) b
$$;

-- What an item was rendered from, checked once for both ways a batch is accepted (the plain batch's
-- one statement in 10-rate.sql, and leadbell_accept_notifications): whether its key still holds
-- as the caller read it (is_chargeable: its rate may be charged), and whether everything it was
-- rendered from still holds (is_current: its key, flow and plan; else the item is 'stale').
-- Timestamps compare at millisecond precision: that is what the caller's JavaScript dates hold.
-- The functions below are SQL and not volatile, so the planner inlines each into the statement that
-- calls it: a rule with one home that costs no call of its own.
CREATE OR REPLACE FUNCTION leadbell_batch_item_holds(p_item leadbell_batch_item)
RETURNS TABLE (is_chargeable boolean, is_current boolean)
LANGUAGE sql STABLE AS $$
  SELECT k.id IS NOT NULL,
         k.id IS NOT NULL AND k.entity_id = (p_item).entity_id AND EXISTS (
           SELECT
             FROM entities e
             JOIN flows f ON f.entity_id = e.id
            WHERE e.id = (p_item).entity_id
              AND f.id = (p_item).flow_id AND f.title = (p_item).flow_title AND f.message = (p_item).flow_message
              AND e.plan IS NOT DISTINCT FROM (p_item).plan
              AND date_trunc('milliseconds', e.plan_selected_at) IS NOT DISTINCT FROM (p_item).plan_selected_at
              AND e.pending_plan IS NOT DISTINCT FROM (p_item).pending_plan
              AND date_trunc('milliseconds', e.pending_plan_from) IS NOT DISTINCT FROM (p_item).pending_plan_from)
    FROM (VALUES (1)) one
    LEFT JOIN api_keys k
      ON k.id = (p_item).api_key_id AND k.revoked_at IS NULL
     AND k.allowed_origins IS NOT DISTINCT FROM (p_item).allowed_origins
$$;

-- Whether an idempotency key's answer, kept since p_created_at, has expired (24 hours: the API's
-- promise, notify-openapi.ts): an expired key is claimed afresh by the accept below, and deleted
-- by leadbell_delete_expired_idempotency_keys. SQL and immutable: inlined where it is read.
CREATE OR REPLACE FUNCTION leadbell_idempotency_key_expired(p_created_at timestamptz, p_now timestamptz)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_created_at <= p_now - interval '24 hours'
$$;

-- Deletes up to p_limit expired idempotency keys, oldest rows of the heap first; answers how many.
-- The scheduler calls it each tick (delete-expired-idempotency-keys.ts), so that no request pays
-- for the pruning before its 202.
CREATE OR REPLACE FUNCTION leadbell_delete_expired_idempotency_keys(p_limit integer) RETURNS integer
LANGUAGE sql AS $$
  WITH deleted AS (
    DELETE FROM idempotency_keys
     WHERE ctid = ANY (ARRAY(SELECT k.ctid FROM idempotency_keys k
                              WHERE leadbell_idempotency_key_expired(k.created_at, now()) LIMIT p_limit))
    RETURNING 1
  )
  SELECT count(*)::integer FROM deleted
$$;

-- The answer an accepted item gets, and a replay of it (idempotency_keys.response). Everything
-- accepted in a batch has the same createdAt: the transaction's start, now().
CREATE OR REPLACE FUNCTION leadbell_accept_answer(
  p_id uuid, p_flow_id uuid, p_status text, p_is_test boolean, p_unused_fields jsonb
) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', p_id, 'flowId', p_flow_id,
                            'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'status', p_status, 'test', p_is_test, 'unusedFields', coalesce(p_unused_fields, '[]'))
$$;

-- An accepted item's row of lead_intake (decision 064), at p_position of the transaction's block
-- (leadbell_position_block, decision 061); the worker's take moves it into notifications. In
-- lead_intake's own column order (its migration, 0037): the columns a lead arrives with are named in
-- one statement, leadbell_take_in_leads's, which copies them into notifications.
CREATE OR REPLACE FUNCTION leadbell_intake_row(p_item leadbell_batch_item, p_id uuid, p_position bigint, p_is_held boolean)
RETURNS SETOF lead_intake
LANGUAGE sql STABLE AS $$
  SELECT p_id, p_position, (p_item).entity_id, (p_item).flow_id, (p_item).title, (p_item).message,
         (p_item).url, (p_item).data, (p_item).is_test,
         p_is_held, (p_item).source, (p_item).page_url, coalesce((p_item).shortened_fields, '{}'),
         coalesce((p_item).is_after_hours, false), (p_item).response_started_at, (p_item).response_target_seconds,
         'open', (p_item).spam_reasons, (p_item).message_fingerprint,
         (p_item).sender_fingerprint, (p_item).fill_token, (p_item).referrer, (p_item).attribution,
         (p_item).traffic_source, now(), (p_item).test_sent_by, coalesce((p_item).is_public, false)
$$;

-- An accepted item's entity, month and included volume, as an intake job lists them (`usage`,
-- `plans`: leadbell_intake_usage reads them).
CREATE OR REPLACE FUNCTION leadbell_intake_usage_entry(p_item leadbell_batch_item) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('entityId', (p_item).entity_id, 'periodStart', (p_item).period_start,
                            'includedNotifications', (p_item).included_notifications)
$$;

-- A batch's intake job, what the worker derives the rest from: its leads (p_ids, in their positions'
-- order), the keys that sent them and when (their last use), for usage alerts each counted
-- entity's month and included volume (p_usage), and for spam's refunds the same of every entity
-- with a lead that is not a test (p_plans).
CREATE OR REPLACE FUNCTION leadbell_intake_job(p_ids jsonb, p_api_key_ids jsonb, p_usage jsonb, p_plans jsonb)
RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('kind', 'intake', 'notificationIds', p_ids, 'acceptedAt', now(),
                            'apiKeyIds', p_api_key_ids, 'usage', coalesce(p_usage, '[]'), 'plans', coalesce(p_plans, '[]'))
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
-- A batch of plain items alone does not come here: leadbell_accept_notifications_within_rate
-- accepts it in its one statement (decision 085), with the functions above.
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
BEGIN
  -- What each item was rendered from must still hold (leadbell_batch_item_holds), and whether any
  -- has an idempotency key, in the same pass.
  SELECT coalesce(jsonb_object_agg(b.item::text, jsonb_build_array('stale', NULL)) FILTER (WHERE NOT h.is_current), '{}'),
         coalesce(bool_or(b.idempotency_key IS NOT NULL AND h.is_current), false)
    INTO v_settled, v_keyed
    FROM unnest(p_items) b
   CROSS JOIN LATERAL leadbell_batch_item_holds(b) h;

  -- Each entity's lock, shared (decision 061): batches of one entity run side by side, while a
  -- transaction that changes its leads and plan count together (lockEntityLeads, the worker's
  -- quarantine) takes it alone, so it waits for the batches under way and they for it. Nothing
  -- else here waits on another batch but a limited plan's count row and a repeated idempotency
  -- key, each taken in one order. Positions need no lock: they follow the writing transaction.
  PERFORM pg_advisory_xact_lock_shared(locks.entity_lock)
     FROM (SELECT DISTINCT leadbell_entity_lock_key(b.entity_id) AS entity_lock FROM unnest(p_items) b
            WHERE NOT v_settled ? b.item::text ORDER BY 1) locks;

  -- Most items only need counting (no idempotency key, a plan without a limit, not a test):
  -- together. Spam is counted here too: the worker's verdict gives its count back (decision 039).
  SELECT coalesce(array_agg(b.item), '{}'), coalesce(array_agg(gen_random_uuid()), '{}'),
         coalesce(array_agg(b.item), '{}')
    INTO v_accepted_items, v_accepted_ids, v_counted_items
    FROM unnest(p_items) b
   WHERE NOT v_settled ? b.item::text AND b.idempotency_key IS NULL
     AND b.notification_limit IS NULL AND NOT b.is_test;
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
  -- if it rolled back). An expired answer (leadbell_idempotency_key_expired) is claimed afresh.
  IF v_keyed THEN
    WITH claimed AS (
      INSERT INTO idempotency_keys AS kept (entity_id, key, response)
      SELECT DISTINCT b.entity_id, b.idempotency_key, 'null'::jsonb
        FROM unnest(p_items) b
       WHERE b.idempotency_key IS NOT NULL AND NOT v_settled ? b.item::text
       ORDER BY 1, 2
      ON CONFLICT (entity_id, key) DO UPDATE SET response = 'null'::jsonb, created_at = now()
        WHERE leadbell_idempotency_key_expired(kept.created_at, now())
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

    IF v.is_test THEN
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
      v_kept := leadbell_accept_answer(v_id, v.flow_id, v_status, v.is_test, v.unused_fields);
      v_answered := v_answered || jsonb_build_object(v.entity_id || ' ' || v.idempotency_key, v_kept);
      UPDATE idempotency_keys kept SET response = v_kept
       WHERE kept.entity_id = v.entity_id AND kept.key = v.idempotency_key;
    END IF;
  END LOOP;

  -- A claimed key whose item was refused keeps no answer: its retry is a new request.
  IF v_key_refused THEN
    DELETE FROM idempotency_keys kept
     WHERE (kept.entity_id || ' ' || kept.key) = ANY (v_claimed) AND NOT v_answered ? (kept.entity_id || ' ' || kept.key);
  END IF;

  IF cardinality(v_accepted_ids) > 0 THEN
    -- The leads as accepted (decision 064), in item order within the transaction's block (decision 061).
    INSERT INTO lead_intake
    SELECT i.*
      FROM unnest(v_accepted_items, v_accepted_ids) WITH ORDINALITY AS accepted (item, id, position)
      JOIN unnest(p_items) b ON b.item = accepted.item
     CROSS JOIN notification_positions p
     CROSS JOIN LATERAL leadbell_intake_row(b, accepted.id, leadbell_position_block(p) + accepted.position,
                                            accepted.item = ANY (v_held_items)) i;
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

    INSERT INTO job_outbox (data)
    SELECT leadbell_intake_job(to_jsonb(v_accepted_ids), jsonb_agg(DISTINCT b.api_key_id),
                               jsonb_agg(DISTINCT leadbell_intake_usage_entry(b)) FILTER (WHERE b.item = ANY (v_counted_items)),
                               jsonb_agg(DISTINCT leadbell_intake_usage_entry(b)) FILTER (WHERE NOT b.is_test))
      FROM unnest(p_items) b
     WHERE b.item = ANY (v_accepted_items);
  END IF;

  RETURN QUERY
    SELECT settled.key::integer, settled.value ->> 0, nullif(settled.value -> 1, 'null'::jsonb)
      FROM jsonb_each(v_settled) settled
    UNION ALL
    SELECT accepted.item, status.value, leadbell_accept_answer(accepted.id, b.flow_id, status.value, b.is_test, b.unused_fields)
      FROM unnest(v_accepted_items, v_accepted_ids) AS accepted (item, id)
      JOIN unnest(p_items) b ON b.item = accepted.item
      CROSS JOIN LATERAL (SELECT CASE WHEN accepted.item = ANY (v_held_items) THEN 'held' ELSE 'accepted' END) AS status (value);
END;
$$;
