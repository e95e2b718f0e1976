-- The items of a batch for leadbell_accept_notifications, typed; entity_lock is the entity's
-- advisory lock key.
CREATE FUNCTION leadbell_batch_items(p_items jsonb)
RETURNS TABLE (
  item integer,
  entity_id uuid,
  api_key_id uuid,
  allowed_origins text[],
  flow_id uuid,
  flow_title text,
  flow_message text,
  plan text,
  plan_selected_at timestamptz,
  pending_plan text,
  pending_plan_from timestamptz,
  period_start timestamptz,
  -- The highest count the plan allows this month; null when it keeps accepting (overage).
  notification_limit integer,
  title text,
  message text,
  url text,
  data jsonb,
  idempotency_key text,
  entity_lock bigint
)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.*, hashtextextended(x.entity_id::text, 0)
    FROM jsonb_to_recordset(p_items) AS x (
      item integer, entity_id uuid, api_key_id uuid, allowed_origins text[], flow_id uuid, flow_title text,
      flow_message text, plan text, plan_selected_at timestamptz, pending_plan text, pending_plan_from timestamptz,
      period_start timestamptz, notification_limit integer, title text, message text, url text, data jsonb,
      idempotency_key text
    )
$$;
--> statement-breakpoint
-- Accepts a batch of notifications in one statement, so in one transaction, one round trip and
-- one durable commit (decision 020). Each item gets its own outcome, and a refused item writes
-- nothing. Only items whose outcome needs deciding (an idempotency key, a plan with a limit) are
-- handled one by one; everything else is one statement for the whole batch.
-- The caller renders each title and message in TypeScript from its remembered key, flow and plan,
-- and passes what it rendered from: when any of it changed since, the item is 'stale' and the
-- caller reads them afresh and tries again.
CREATE FUNCTION leadbell_accept_notifications(
  p_items jsonb,
  p_queue text,
  -- pg-boss's own insert statement for jobs and its five default parameters (see delivery-queue.ts).
  p_insert_jobs_sql text,
  p_insert_jobs_defaults text[]
) RETURNS TABLE (item integer, outcome text, response jsonb, delivery_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_kept jsonb;
  v_id uuid;
  -- Items refused or replayed: { "<item>": ["<outcome>", <response or null>] }.
  v_settled jsonb;
  -- Answers given in this batch per "<entity> <idempotency key>", for a key repeated within it.
  v_answered jsonb := '{}';
  v_accepted_items integer[] := '{}';
  v_accepted_ids uuid[] := '{}';
  v_jobs json;
  v_delivery_counts jsonb;
  -- Everything accepted in a batch has the same created_at: the transaction's start, now().
  v_created_at text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  -- What each item was rendered from must still hold. Timestamps compare at millisecond
  -- precision: that is what the caller's JavaScript dates hold.
  SELECT coalesce(jsonb_object_agg(b.item::text, jsonb_build_array('stale', NULL)), '{}')
    INTO v_settled
    FROM leadbell_batch_items(p_items) b
   WHERE NOT EXISTS (
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
        AND date_trunc('milliseconds', e.pending_plan_from) IS NOT DISTINCT FROM b.pending_plan_from);

  -- Each entity's lock, held to commit: an entity's notifications take their positions (seq) and
  -- commit in the same order, so a live stream that has sent position N never sees an earlier one
  -- commit later; it also serialises the quota counts and idempotency checks below. Every batch
  -- takes its locks in one order, so concurrent batches cannot deadlock.
  PERFORM pg_advisory_xact_lock(locks.entity_lock)
     FROM (SELECT DISTINCT b.entity_lock FROM leadbell_batch_items(p_items) b
            WHERE NOT v_settled ? b.item::text ORDER BY b.entity_lock) locks;

  -- Most items only need counting (no idempotency key, a plan without a limit): together.
  SELECT coalesce(array_agg(b.item), '{}'), coalesce(array_agg(gen_random_uuid()), '{}')
    INTO v_accepted_items, v_accepted_ids
    FROM leadbell_batch_items(p_items) b
   WHERE NOT v_settled ? b.item::text AND b.idempotency_key IS NULL AND b.notification_limit IS NULL;
  INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
  SELECT b.entity_id, b.period_start, count(*)
    FROM leadbell_batch_items(p_items) b
   WHERE b.item = ANY (v_accepted_items)
   GROUP BY b.entity_id, b.period_start
  ON CONFLICT (entity_id, period_start)
    DO UPDATE SET notification_count = usage.notification_count + excluded.notification_count;

  -- The others one by one, in entity order: a replay, a refusal at the plan's limit, or a count.
  FOR v IN
    SELECT b.* FROM leadbell_batch_items(p_items) b
     WHERE NOT v_settled ? b.item::text AND NOT b.item = ANY (v_accepted_items)
     ORDER BY b.entity_lock, b.item
  LOOP
    IF v.idempotency_key IS NOT NULL THEN
      v_kept := v_answered -> (v.entity_id || ' ' || v.idempotency_key);
      IF v_kept IS NULL THEN
        SELECT kept.response INTO v_kept
          FROM idempotency_keys kept
         WHERE kept.entity_id = v.entity_id AND kept.key = v.idempotency_key
           AND kept.created_at > now() - interval '24 hours';
      END IF;
      IF v_kept IS NOT NULL THEN
        v_settled := v_settled || jsonb_build_object(v.item::text, jsonb_build_array('replay', v_kept));
        CONTINUE;
      END IF;
    END IF;

    INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
    VALUES (v.entity_id, v.period_start, 1)
    ON CONFLICT (entity_id, period_start) DO UPDATE SET notification_count = usage.notification_count + 1
      WHERE v.notification_limit IS NULL OR usage.notification_count < v.notification_limit;
    IF NOT FOUND THEN
      v_settled := v_settled || jsonb_build_object(v.item::text, jsonb_build_array('quota_exceeded', NULL));
      CONTINUE;
    END IF;

    v_id := gen_random_uuid();
    v_accepted_items := v_accepted_items || v.item;
    v_accepted_ids := v_accepted_ids || v_id;
    IF v.idempotency_key IS NOT NULL THEN
      v_kept := jsonb_build_object('id', v_id, 'flowId', v.flow_id, 'createdAt', v_created_at, 'status', 'accepted');
      v_answered := v_answered || jsonb_build_object(v.entity_id || ' ' || v.idempotency_key, v_kept);
      INSERT INTO idempotency_keys (entity_id, key, response)
      VALUES (v.entity_id, v.idempotency_key, v_kept)
      ON CONFLICT (entity_id, key) DO UPDATE SET response = excluded.response, created_at = now();
      -- Expired keys are pruned now and then rather than on every request, which would scan them all.
      IF random() < 0.01 THEN
        DELETE FROM idempotency_keys
         WHERE entity_id = v.entity_id AND created_at <= now() - interval '24 hours';
      END IF;
    END IF;
  END LOOP;

  IF cardinality(v_accepted_ids) > 0 THEN
    INSERT INTO notifications (id, entity_id, flow_id, title, message, url, data)
    SELECT accepted.id, b.entity_id, b.flow_id, b.title, b.message, b.url, b.data
      FROM unnest(v_accepted_items, v_accepted_ids) AS accepted (item, id)
      JOIN leadbell_batch_items(p_items) b ON b.item = accepted.item;

    UPDATE flows f
       SET notification_count = f.notification_count + counted.notifications, last_notification_at = now()
      FROM (SELECT b.flow_id, count(*) AS notifications
              FROM leadbell_batch_items(p_items) b
             WHERE b.item = ANY (v_accepted_items)
             GROUP BY b.flow_id) counted
     WHERE f.id = counted.flow_id;
    -- At most once a minute, so a busy site does not rewrite its key on every request.
    UPDATE api_keys k SET last_used_at = now()
     WHERE k.id IN (SELECT b.api_key_id FROM leadbell_batch_items(p_items) b WHERE b.item = ANY (v_accepted_items))
       AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute');

    -- One delivery per push subscription of the entity's users and one per user who wants email,
    -- joined on the user's current entity (someone who left gets nothing), each with its first job.
    WITH accepted AS (
      SELECT accepted.id, b.entity_id
        FROM unnest(v_accepted_items, v_accepted_ids) AS accepted (item, id)
        JOIN leadbell_batch_items(p_items) b ON b.item = accepted.item
    ), targets AS (
      INSERT INTO deliveries (notification_id, entity_id, channel, subscription_id, user_id)
      SELECT accepted.id, accepted.entity_id, 'push', s.id, s.user_id
        FROM accepted
        JOIN push_subscriptions s ON s.entity_id = accepted.entity_id
        JOIN users u ON u.id = s.user_id AND u.entity_id = s.entity_id
      UNION ALL
      SELECT accepted.id, accepted.entity_id, 'email', NULL::uuid, u.id
        FROM accepted
        JOIN users u ON u.entity_id = accepted.entity_id
        JOIN delivery_preferences p ON p.user_id = u.id AND p.email_notifications
      RETURNING id, notification_id
    )
    -- The job id is the delivery id, so the first attempt can never be queued twice.
    SELECT json_agg(json_build_object(
             'name', p_queue, 'id', targets.id,
             'data', json_build_object('kind', 'delivery', 'deliveryId', targets.id, 'attempt', 0))),
           (SELECT jsonb_object_agg(per.notification_id, per.deliveries)
              FROM (SELECT t.notification_id, count(*) AS deliveries FROM targets t GROUP BY 1) per)
      INTO v_jobs, v_delivery_counts
      FROM targets;
    IF v_jobs IS NOT NULL THEN
      EXECUTE p_insert_jobs_sql USING v_jobs, p_insert_jobs_defaults[1], p_insert_jobs_defaults[2],
        p_insert_jobs_defaults[3], p_insert_jobs_defaults[4], p_insert_jobs_defaults[5];
    END IF;
  END IF;

  RETURN QUERY
    SELECT settled.key::integer, settled.value ->> 0, nullif(settled.value -> 1, 'null'::jsonb), 0
      FROM jsonb_each(v_settled) settled
    UNION ALL
    SELECT accepted.item, 'accepted',
           jsonb_build_object('id', accepted.id, 'flowId', b.flow_id, 'createdAt', v_created_at, 'status', 'accepted'),
           coalesce((v_delivery_counts ->> accepted.id::text)::integer, 0)
      FROM unnest(v_accepted_items, v_accepted_ids) AS accepted (item, id)
      JOIN leadbell_batch_items(p_items) b ON b.item = accepted.item;
END;
$$;
