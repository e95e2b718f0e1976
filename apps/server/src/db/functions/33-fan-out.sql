-- A lead's deliveries (decision 030), the fan-out to every device, mailbox, Telegram chat and phone
-- of its team, when the worker's take meets it or a held lead is released.

-- The lane a delivery is sent in, by its channel (decision 054): a lead's Telegram messages and
-- its texts each go in their channel's lane, so its pushes wait behind neither, nor one behind the
-- other; null is the push lane (pushes and email copies). Its retries stay in the lane.
CREATE OR REPLACE FUNCTION leadbell_lane_of_channel(p_channel text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_channel IN ('telegram', 'sms') THEN p_channel END
$$;

-- A lead's deliveries (decision 030): a row per device, mailbox, Telegram chat and phone of its
-- team, each its own schedule (decision 067): due now, and held by the worker that creates it
-- (leased_until = p_lease_until) for the leads in p_claimed, on the push lane's channels only (push
-- and email), which that worker sends at once. The others are fetched by whichever worker's lane
-- has room first: a channel's own lane (Telegram, texts), or the push lane for leads past its room.
-- Returns each delivery made, with its lane and whether it was claimed.
CREATE OR REPLACE FUNCTION leadbell_queue_deliveries(
  p_notification_ids uuid[], p_claimed uuid[], p_lease_until timestamptz)
RETURNS TABLE (notification_id uuid, delivery_id uuid, lane text, is_claimed boolean)
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY
  WITH recipients AS (
    -- By primary key, one lead at a time: a plan that cannot go stale as notifications grows.
    SELECT n.id AS notification_id, n.entity_id, u.id AS user_id,
           CASE WHEN n.id = ANY (p_claimed) THEN p_lease_until END AS leased_until,
           coalesce(p.email_notifications, p.push_confirmed_at IS NULL) AS wants_email,
           EXISTS (SELECT FROM push_subscriptions s WHERE s.user_id = u.id AND s.entity_id = u.entity_id) AS has_device
      FROM unnest(p_notification_ids) AS lead (id)
      -- OFFSET 0 keeps the lookup inside the lateral join: by primary key, lead by lead.
      CROSS JOIN LATERAL (SELECT n.id, n.entity_id, n.is_test, n.test_sent_by FROM notifications n
                           WHERE n.id = lead.id OFFSET 0) n
      JOIN users u ON u.entity_id = n.entity_id
      LEFT JOIN delivery_preferences p ON p.user_id = u.id
     -- A test lead rings the member who sent it from the console alone; one sent with an API key
     -- alone (a developer trying the API) rings the admins, who hold the keys (decision 072).
     WHERE NOT n.is_test OR u.id = n.test_sent_by OR (n.test_sent_by IS NULL AND u.role = 'admin')
  ), targets AS (
    INSERT INTO deliveries (notification_id, entity_id, channel, subscription_id, user_id, fallback_reason,
                            leased_until)
    SELECT r.notification_id, r.entity_id, 'push', s.id, r.user_id, NULL, r.leased_until
      FROM recipients r
      JOIN push_subscriptions s ON s.user_id = r.user_id AND s.entity_id = r.entity_id
    UNION ALL
    SELECT r.notification_id, r.entity_id, 'email', NULL, r.user_id,
           CASE WHEN r.wants_email THEN NULL ELSE 'no_device' END, r.leased_until
      FROM recipients r
     WHERE r.wants_email OR NOT r.has_device
    UNION ALL
    -- Telegram (decision 052): one row per member whose chat is linked and not turned off.
    SELECT r.notification_id, r.entity_id, 'telegram', NULL, r.user_id, NULL, NULL
      FROM recipients r
      JOIN telegram_links t ON t.user_id = r.user_id AND t.entity_id = r.entity_id AND t.is_enabled
    UNION ALL
    -- Texts (decision 053): a member who chose every lead by text and has a verified number.
    SELECT r.notification_id, r.entity_id, 'sms', NULL, r.user_id, NULL, NULL
      FROM recipients r
      JOIN delivery_preferences sp ON sp.user_id = r.user_id AND sp.sms = 'all'
      JOIN member_phones mp ON mp.user_id = r.user_id AND mp.phone IS NOT NULL
    -- What is queued already is skipped, and gets no job: a held lead released (by a larger plan,
    -- or by spam giving room back) before the worker took it in is queued by both, and rings once.
    -- A conflict with a row not yet committed waits for that transaction, then skips.
    ON CONFLICT DO NOTHING
    RETURNING id, deliveries.notification_id, leadbell_lane_of_channel(deliveries.channel) AS lane,
              deliveries.leased_until IS NOT NULL AS is_claimed
  )
  SELECT t.notification_id, t.id, t.lane, t.is_claimed FROM targets t;
END;
$$;
