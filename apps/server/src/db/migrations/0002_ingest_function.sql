-- Accepts a batch of notifications in one statement, so in one transaction and one round trip
-- (decision 020). Each item gets its own outcome; a refused item writes nothing.
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
  v_usage integer;
  v_notification_id uuid;
  v_response jsonb;
  v_item_jobs jsonb;
  v_jobs jsonb := '[]';
BEGIN
  FOR v IN
    SELECT x.*, hashtextextended(x.entity_id::text, 0) AS entity_lock
      FROM jsonb_to_recordset(p_items) AS x (
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
        idempotency_key text
      )
    -- Every batch takes entity locks in the same order, so concurrent batches cannot deadlock.
    ORDER BY entity_lock, x.item
  LOOP
    -- Timestamps compare at millisecond precision: that is what the caller's JavaScript dates hold.
    PERFORM 1
       FROM api_keys k
       JOIN entities e ON e.id = k.entity_id
       JOIN flows f ON f.entity_id = k.entity_id
      WHERE k.id = v.api_key_id AND k.entity_id = v.entity_id AND k.revoked_at IS NULL
        AND k.allowed_origins IS NOT DISTINCT FROM v.allowed_origins
        AND f.id = v.flow_id AND f.title = v.flow_title AND f.message = v.flow_message
        AND e.plan IS NOT DISTINCT FROM v.plan
        AND date_trunc('milliseconds', e.plan_selected_at) IS NOT DISTINCT FROM v.plan_selected_at
        AND e.pending_plan IS NOT DISTINCT FROM v.pending_plan
        AND date_trunc('milliseconds', e.pending_plan_from) IS NOT DISTINCT FROM v.pending_plan_from;
    IF NOT FOUND THEN
      RETURN QUERY SELECT v.item, 'stale'::text, NULL::jsonb, 0;
      CONTINUE;
    END IF;

    -- The entity's lock, held to commit: its notifications take their positions (seq) and commit
    -- in the same order, so a live stream that has sent position N never sees an earlier one
    -- commit later. It also serialises the quota count and the idempotency checks below.
    PERFORM pg_advisory_xact_lock(v.entity_lock);

    IF v.idempotency_key IS NOT NULL THEN
      RETURN QUERY SELECT v.item, 'replay'::text, kept.response, 0
        FROM idempotency_keys kept
       WHERE kept.entity_id = v.entity_id AND kept.key = v.idempotency_key
         AND kept.created_at > now() - interval '24 hours';
      CONTINUE WHEN FOUND;
    END IF;

    INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
    VALUES (v.entity_id, v.period_start, 1)
    ON CONFLICT (entity_id, period_start) DO UPDATE SET notification_count = usage.notification_count + 1
      WHERE v.notification_limit IS NULL OR usage.notification_count < v.notification_limit
    RETURNING notification_count INTO v_usage;
    IF NOT FOUND THEN
      RETURN QUERY SELECT v.item, 'quota_exceeded'::text, NULL::jsonb, 0;
      CONTINUE;
    END IF;

    INSERT INTO notifications (entity_id, flow_id, title, message, url, data)
    VALUES (v.entity_id, v.flow_id, v.title, v.message, v.url, v.data)
    RETURNING id, jsonb_build_object(
      'id', id,
      'flowId', flow_id,
      'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'status', 'accepted'
    ) INTO v_notification_id, v_response;

    UPDATE flows SET notification_count = notification_count + 1, last_notification_at = now()
     WHERE id = v.flow_id;
    -- At most once a minute, so a busy site does not rewrite its key on every request.
    UPDATE api_keys SET last_used_at = now()
     WHERE id = v.api_key_id AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute');

    -- One delivery per push subscription of the entity's users and one per user who wants email,
    -- joined on the user's current entity (someone who left gets nothing), each with its first job.
    WITH targets AS (
      INSERT INTO deliveries (notification_id, entity_id, channel, subscription_id, user_id)
      SELECT v_notification_id, v.entity_id, 'push', s.id, s.user_id
        FROM push_subscriptions s
        JOIN users u ON u.id = s.user_id AND u.entity_id = s.entity_id
       WHERE s.entity_id = v.entity_id
      UNION ALL
      SELECT v_notification_id, v.entity_id, 'email', NULL::uuid, u.id
        FROM users u
        JOIN delivery_preferences p ON p.user_id = u.id AND p.email_notifications
       WHERE u.entity_id = v.entity_id
      RETURNING id
    )
    -- The job id is the delivery id, so the first attempt can never be queued twice.
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'name', p_queue, 'id', id,
             'data', jsonb_build_object('kind', 'delivery', 'deliveryId', id, 'attempt', 0))), '[]')
      INTO v_item_jobs
      FROM targets;
    v_jobs := v_jobs || v_item_jobs;

    IF v.idempotency_key IS NOT NULL THEN
      INSERT INTO idempotency_keys AS claimed (entity_id, key, response)
      VALUES (v.entity_id, v.idempotency_key, v_response)
      ON CONFLICT (entity_id, key) DO UPDATE SET response = excluded.response, created_at = now();
      -- Expired keys are pruned now and then rather than on every request, which would scan them all.
      IF random() < 0.01 THEN
        DELETE FROM idempotency_keys
         WHERE entity_id = v.entity_id AND created_at <= now() - interval '24 hours';
      END IF;
    END IF;
    RETURN QUERY SELECT v.item, 'accepted'::text, v_response, jsonb_array_length(v_item_jobs);
  END LOOP;

  IF jsonb_array_length(v_jobs) > 0 THEN
    EXECUTE p_insert_jobs_sql USING v_jobs::json, p_insert_jobs_defaults[1], p_insert_jobs_defaults[2],
      p_insert_jobs_defaults[3], p_insert_jobs_defaults[4], p_insert_jobs_defaults[5];
  END IF;
END;
$$;
