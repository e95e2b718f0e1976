-- What an accepted lead gets that rings nobody (decision 069): its flow's count and last lead, its
-- key's last use, its follow-ups (the visitor's acknowledgement, `lead.created` to webhooks, its
-- escalation timer), the plan's usage alerts, its search text, and the plan and insights counts
-- appended since, added in. The take (30-take.sql) leaves a settle row per batch of leads it rang,
-- due a moment later; once the oldest is due, one settle takes them all, so under load these
-- statements run for many takes' leads at once instead of for each take's one or two.

-- The leads of p_rows' settle rows, settled together. Returns the jobs to queue.
CREATE OR REPLACE FUNCTION leadbell_settle_rows(p_rows jsonb, p_usage_alert_percents integer[])
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_intakes jsonb := (SELECT coalesce(jsonb_agg(intake), '[]')
                        FROM jsonb_array_elements(p_rows) settle
                       CROSS JOIN jsonb_array_elements(settle -> 'intakes') intake);
  -- Read by primary key, as the quarantine left them; a lead deleted since (its flow) is not here.
  v_leads notifications[] := leadbell_leads_by_id(ARRAY(
                               SELECT lead.id::uuid
                                 FROM jsonb_array_elements(p_rows) settle
                                CROSS JOIN jsonb_array_elements_text(settle -> 'notificationIds') AS lead (id)));
BEGIN
  -- The rows to update are also named by their keys (= ANY of an array), so that each is found by
  -- its index however the join is planned: joined alone, a plan made on a young database read
  -- every flow and every key of the installation at each settle (issue 45).
  WITH counted AS (
    SELECT n.flow_id, count(*) AS notifications, max(n.created_at) AS last_at
      FROM unnest(v_leads) AS n
     WHERE n.lead_status <> 'spam'
     GROUP BY n.flow_id
  )
  UPDATE flows f
     SET notification_count = f.notification_count + counted.notifications,
         last_notification_at = greatest(f.last_notification_at, counted.last_at)
    FROM counted
   WHERE f.id = ANY (ARRAY(SELECT c.flow_id FROM counted c)) AND f.id = counted.flow_id;

  WITH used AS (
    SELECT key.id::uuid AS id, max((intake ->> 'acceptedAt')::timestamptz) AS at
      FROM jsonb_array_elements(v_intakes) intake
     CROSS JOIN jsonb_array_elements_text(intake -> 'apiKeyIds') AS key (id)
     GROUP BY key.id
  )
  UPDATE api_keys k SET last_used_at = used.at
    FROM used
   WHERE k.id = ANY (ARRAY(SELECT u.id FROM used u)) AND k.id = used.id
     AND (k.last_used_at IS NULL OR k.last_used_at < used.at - interval '1 minute');

  -- A lead released since it arrived had its follow-ups from its release (decision 063).
  RETURN QUERY
    SELECT f.job FROM leadbell_queue_follow_ups(ARRAY(
      SELECT n FROM unnest(v_leads) AS n
       WHERE NOT EXISTS (SELECT FROM lead_releases r WHERE r.notification_id = n.id OFFSET 0))) f;
  RETURN QUERY SELECT a.job FROM leadbell_raise_usage_alerts(v_intakes, p_usage_alert_percents) a;
  PERFORM leadbell_write_lead_search(v_leads);
  -- The business's languages, from its genuine leads (32-spam-verdict.sql, issue 46).
  PERFORM leadbell_learn_languages(ARRAY(SELECT n FROM unnest(v_leads) AS n WHERE n.lead_status <> 'spam'), 1);
  -- Last: it locks rows of every entity with counts appended, and an entity's lock comes before
  -- its rows, here as in lockEntityLeads.
  PERFORM leadbell_fold_counts();
END;
$$;

-- Once the oldest settle row is due, takes up to p_limit of them, due or not, skipping rows another
-- process is taking, and settles their leads (leadbell_settle_rows). Returns the jobs to queue in
-- pg-boss, with the take's columns (30-take.sql). Should the batch fail for what is in it (a data or
-- constraint error, decision 062), each row is settled alone and a row that fails alone is set
-- aside in job_outbox_set_aside: `set_aside` says how many, for the log.
CREATE OR REPLACE FUNCTION leadbell_settle_leads(p_limit integer, p_usage_alert_percents integer[])
RETURNS TABLE (data json, start_after text, due boolean, taken integer, set_aside text)
LANGUAGE plpgsql AS $$
DECLARE
  v_rows jsonb;
  v_ids bigint[];
  v_jobs jsonb := '[]';
  v_row record;
  v_aside integer := 0;
BEGIN
  IF NOT EXISTS (SELECT FROM job_outbox o WHERE o.data ->> 'kind' = 'settle' AND o.start_after <= now()) THEN
    RETURN;
  END IF;
  WITH taken AS (
    DELETE FROM job_outbox
     WHERE id IN (SELECT o.id FROM job_outbox o WHERE o.data ->> 'kind' = 'settle'
                   ORDER BY o.id LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING job_outbox.id, job_outbox.data, job_outbox.start_after
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'data', t.data, 'startAfter', t.start_after) ORDER BY t.id), '[]'),
         coalesce(array_agg(t.id), '{}')
    INTO v_rows, v_ids
    FROM taken t;
  BEGIN
    SELECT coalesce(jsonb_agg(s.job), '[]') INTO v_jobs
      FROM leadbell_settle_rows((SELECT jsonb_agg(r -> 'data') FROM jsonb_array_elements(v_rows) r),
                                p_usage_alert_percents) s;
  EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
    FOR v_row IN SELECT r FROM jsonb_array_elements(v_rows) r LOOP
      BEGIN
        SELECT v_jobs || coalesce(jsonb_agg(s.job), '[]') INTO v_jobs
          FROM leadbell_settle_rows(jsonb_build_array(v_row.r -> 'data'), p_usage_alert_percents) s;
      EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
        INSERT INTO job_outbox_set_aside (id, data, start_after, error)
        VALUES ((v_row.r ->> 'id')::bigint, v_row.r -> 'data', (v_row.r ->> 'startAfter')::timestamptz,
                SQLSTATE || ' ' || SQLERRM);
        v_aside := v_aside + 1;
      END;
    END LOOP;
  END;
  IF jsonb_array_length(v_jobs) = 0 THEN
    RETURN QUERY SELECT NULL::json, NULL::text, NULL::boolean, cardinality(v_ids),
                        CASE WHEN v_aside > 0 THEN format('%s settle rows', v_aside) END;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT job::json, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), true, cardinality(v_ids),
           CASE WHEN v_aside > 0 THEN format('%s settle rows', v_aside) END
      FROM jsonb_array_elements(v_jobs) job;
END;
$$;
