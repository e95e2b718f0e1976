-- One delivery job per lead instead of one per device and mailbox (decision 030): a team of five
-- with three phones each made fifteen jobs per lead, each fetched, read, recorded and completed
-- on its own. The job lists the lead's deliveries; the worker sends them together and records
-- the ones that got through in one statement. Retries and email fallbacks stay one job per
-- delivery (kind 'delivery'), as before.
CREATE OR REPLACE FUNCTION leadbell_queue_deliveries(
  p_notification_ids uuid[],
  p_queue text,
  -- pg-boss's own insert statement for jobs and its five default parameters (see delivery-queue.ts).
  p_insert_jobs_sql text,
  p_insert_jobs_defaults text[]
) RETURNS TABLE (queued_notification_id uuid, queued_deliveries integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_jobs json;
  v_counts jsonb;
BEGIN
  WITH recipients AS (
    SELECT n.id AS notification_id, n.entity_id, u.id AS user_id,
           coalesce(p.email_notifications, p.push_confirmed_at IS NULL) AS wants_email,
           EXISTS (SELECT FROM push_subscriptions s WHERE s.user_id = u.id AND s.entity_id = u.entity_id) AS has_device
      FROM notifications n
      JOIN users u ON u.entity_id = n.entity_id
      LEFT JOIN delivery_preferences p ON p.user_id = u.id
     WHERE n.id = ANY (p_notification_ids)
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
    RETURNING id, notification_id
  ), per_lead AS (
    SELECT t.notification_id, json_agg(t.id) AS delivery_ids, count(*) AS deliveries
      FROM targets t
     GROUP BY t.notification_id
  )
  SELECT json_agg(json_build_object('name', p_queue,
                                    'data', json_build_object('kind', 'deliveries', 'deliveryIds', per_lead.delivery_ids))),
         jsonb_object_agg(per_lead.notification_id, per_lead.deliveries)
    INTO v_jobs, v_counts
    FROM per_lead;
  IF v_jobs IS NOT NULL THEN
    EXECUTE p_insert_jobs_sql USING v_jobs, p_insert_jobs_defaults[1], p_insert_jobs_defaults[2],
      p_insert_jobs_defaults[3], p_insert_jobs_defaults[4], p_insert_jobs_defaults[5];
  END IF;
  RETURN QUERY SELECT counted.key::uuid, counted.value::integer FROM jsonb_each_text(coalesce(v_counts, '{}')) counted;
END;
$$;
