-- A lead's deliveries (decision 030), the fan-out to every device, mailbox, Telegram chat and phone
-- of its team, when the worker's take meets it or a held lead is released.

-- The lane a delivery's jobs run in, by its channel (decision 054): a lead's Telegram messages and
-- its texts are jobs of their own, each in its channel's lane, so its pushes wait behind neither,
-- nor one behind the other; null is the push lane. Its retries stay in the lane
-- (record-delivery-attempt.ts reads it here).
CREATE OR REPLACE FUNCTION leadbell_lane_of_channel(p_channel text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_channel IN ('telegram', 'sms') THEN p_channel END
$$;

-- One delivery job per lead (decision 030): the job lists the lead's deliveries (every device and
-- mailbox of the team); the worker sends them together and records the ones that got through in
-- one statement. Its members' Telegram messages and its texts are jobs of their own (decision 054).
-- Retries and email fallbacks are one job per delivery (kind 'delivery'), queued by the worker
-- itself. Returns each lead's jobs; the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_queue_deliveries(p_notification_ids uuid[])
RETURNS TABLE (notification_id uuid, job jsonb)
LANGUAGE plpgsql
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
    RETURNING id, deliveries.notification_id, leadbell_lane_of_channel(deliveries.channel) AS lane
  )
  SELECT t.notification_id,
         jsonb_build_object('kind', 'deliveries', 'deliveryIds', jsonb_agg(t.id))
           || CASE WHEN t.lane IS NULL THEN '{}' ELSE jsonb_build_object('lane', t.lane) END
    FROM targets t
   GROUP BY t.notification_id, t.lane;
END;
$$;
