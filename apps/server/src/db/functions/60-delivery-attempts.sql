-- The statements every delivery job runs, most for one delivery or one lead's few: the one source
-- of their current versions, run by the migrator after the migrations on every run (decision 034).
-- Sent as statements, PostgreSQL planned them again for nearly every call, which cost it more
-- than running them. As functions they are planned once per connection, and every row they read
-- is found by primary key (a lookup inside a lateral join, which OFFSET 0 keeps there, or an
-- `= ANY` of the ids), so no plan depends on how large the tables were when it was made
-- (docs/performance.md, "Planned once").

-- What a delivery attempt needs (find-delivery-targets.ts): each delivery with its lead, and its
-- device, mailbox or Telegram chat.
CREATE OR REPLACE FUNCTION leadbell_delivery_targets(p_delivery_ids uuid[])
RETURNS TABLE (
  "deliveryId" uuid, "entityId" uuid, channel text, status text, attempts integer, purpose text,
  "userId" text, "fallbackReason" text,
  "notificationId" uuid, "flowId" uuid, title text, message text, url text, data jsonb, "isTest" boolean,
  "createdAt" timestamptz, "responseTargetSeconds" integer,
  "subscriptionId" uuid, endpoint text, p256dh text, auth text,
  email text, "defaultCountry" text, "timeZone" text,
  "quietHours" jsonb, "emailChoice" boolean, "telegramChatId" double precision, "flowName" text
)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  RETURN QUERY
  SELECT d.id, d.entity_id, d.channel, d.status, d.attempts, d.purpose, d.user_id, d.fallback_reason,
         n.id, n.flow_id, n.title, n.message, n.url, n.data, n.is_test, n.created_at, n.response_target_seconds,
         s.id, s.endpoint, s.p256dh, s.auth,
         u.email, e.default_country, e.time_zone,
         p.quiet_hours, p.email_notifications,
         -- A Telegram chat id fits a JavaScript number (52 bits at most); a bigint would come back as text.
         t.chat_id::double precision, f.name
    FROM unnest(p_delivery_ids) AS wanted (id)
   -- Each row narrowed to what is read of it: a lateral subquery of every column described each of
   -- them at every call, which cost a take a fortieth of its instructions (issue 45).
   CROSS JOIN LATERAL (SELECT d.id, d.entity_id, d.channel, d.status, d.attempts, d.purpose, d.user_id,
                              d.fallback_reason, d.notification_id, d.subscription_id
                         FROM deliveries d WHERE d.id = wanted.id OFFSET 0) d
   CROSS JOIN LATERAL (SELECT n.id, n.flow_id, n.title, n.message, n.url, n.data, n.is_test, n.created_at,
                              n.response_target_seconds
                         FROM notifications n WHERE n.id = d.notification_id OFFSET 0) n
   CROSS JOIN LATERAL (SELECT e.default_country, e.time_zone FROM entities e WHERE e.id = d.entity_id OFFSET 0) e
    LEFT JOIN LATERAL (SELECT s.id, s.endpoint, s.p256dh, s.auth
                         FROM push_subscriptions s WHERE s.id = d.subscription_id OFFSET 0) s ON true
    LEFT JOIN LATERAL (SELECT u.email FROM users u WHERE u.id = d.user_id OFFSET 0) u ON true
    LEFT JOIN LATERAL (SELECT p.quiet_hours, p.email_notifications
                         FROM delivery_preferences p WHERE p.user_id = d.user_id OFFSET 0) p ON true
    -- A Telegram delivery's chat (null once unlinked) and what its message names (decision 052).
    LEFT JOIN LATERAL (SELECT t.chat_id FROM telegram_links t
                        WHERE t.user_id = d.user_id AND d.channel = 'telegram' OFFSET 0) t ON true
    LEFT JOIN LATERAL (SELECT f.name FROM flows f WHERE f.id = n.flow_id AND d.channel = 'telegram' OFFSET 0) f ON true;
END;
$$;

-- Records settled attempts in one statement (recordSettledAttempts in record-delivery-attempt.ts,
-- which says what it writes): the i-th element of each array is one attempt. p_lead_ids and
-- p_payloads: the NOTIFY payload on p_channel for each lead with an attempt, sent when its
-- attempt was recorded.
CREATE OR REPLACE FUNCTION leadbell_record_settled_attempts(
  p_delivery_ids uuid[], p_attempts integer[], p_statuses text[], p_errors text[], p_status_codes integer[],
  p_durations integer[], p_subscription_ids uuid[], p_channel text, p_lead_ids uuid[], p_payloads text[]
) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  -- PL/pgSQL runs a WITH that writes only as a SELECT … INTO; the count itself is not used.
  v_notified bigint;
BEGIN
  WITH attempted AS (
    SELECT * FROM unnest(p_delivery_ids, p_attempts, p_statuses, p_errors, p_status_codes, p_durations,
                         p_subscription_ids)
      AS a (delivery_id, attempt, status, error, status_code, duration_ms, subscription_id)
  ), recorded AS (
    -- The attempt is recorded whatever settled the delivery meanwhile, and that keeps its status:
    -- a text's receipt can come before its attempt is recorded (record-sms-status.ts), a lead can
    -- be marked spam or its member removed while its push is on the way. Not a status condition,
    -- so no plan reads deliveries_due_idx (every pending delivery) for it: on a young database's
    -- statistics one did, and kept reading it as a backlog grew. The attempt number guards alone.
    UPDATE deliveries d
       SET status = CASE WHEN d.status = 'pending' THEN a.status ELSE d.status END,
           last_error = CASE WHEN d.status = 'pending' THEN a.error ELSE d.last_error END,
           attempts = a.attempt + 1, updated_at = now(),
           delivered_at = CASE WHEN a.status = 'delivered' THEN now() ELSE d.delivered_at END
      FROM attempted a
     WHERE d.id = ANY (p_delivery_ids) AND d.id = a.delivery_id AND d.attempts = a.attempt
    RETURNING d.id, d.notification_id
  ), attempt_rows AS (
    INSERT INTO delivery_attempts (delivery_id, outcome, status_code, error, duration_ms)
    SELECT r.id, a.status, a.status_code, a.error, a.duration_ms
      FROM recorded r JOIN attempted a ON a.delivery_id = r.id
  ), devices AS (
    -- What a success says about the device (see deviceHealthUpdate): its failure streak ends.
    -- Every lead reaches the same few devices of a team, so concurrent jobs would queue on their
    -- rows: a device is written only when that changes something (a failure streak, a success
    -- time a minute old), and locked in one order so two jobs can never deadlock.
    -- The devices by their ids (an array, not a join: a join planned on a young database read every
    -- device of the installation for each take, issue 45).
    UPDATE push_subscriptions s SET last_success_at = now(), consecutive_failures = 0
     WHERE s.id = ANY (ARRAY(
             SELECT due.id FROM push_subscriptions due
              WHERE due.id = ANY (p_subscription_ids)
                AND due.id IN (SELECT a.subscription_id FROM recorded r JOIN attempted a ON a.delivery_id = r.id
                                WHERE a.status = 'delivered')
                AND (due.consecutive_failures > 0 OR due.last_success_at IS NULL
                     OR due.last_success_at < now() - interval '1 minute')
              ORDER BY due.id
                FOR UPDATE))
  )
  SELECT count(pg_notify(p_channel, lead.payload))
    INTO v_notified
     FROM unnest(p_lead_ids, p_payloads) AS lead (notification_id, payload)
    WHERE lead.notification_id IN (SELECT notification_id FROM recorded);
END;
$$;

-- Claims the deliveries due now in lane p_lane of up to p_limit leads (decision 067; 'push' for the
-- push lane, see leadbell_lane_of_channel), for p_lease_seconds:
-- retries whose time came, deliveries queued for any worker (a lane's own channels, a backlog past
-- the take's room, an escalation, a release, an email copy standing in for failed pushes), and
-- those whose claim ran out because the worker that held them stopped. Rows another worker is
-- claiming are skipped, not waited for. Returns the ids claimed, oldest due first.
-- By leads, not rows (issue 45): a worker runs a lead's deliveries as one unit and counts its room
-- in units, so a claim of p_limit rows gave a team of five a fifth of the leads the room held, and
-- a backlog drained at a fifth of the take's pace. Eight rows a lead are read for it: a lead
-- with more due (a larger team) is finished by the next claim.
CREATE OR REPLACE FUNCTION leadbell_claim_due_deliveries(p_lane text, p_limit integer, p_lease_seconds integer)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY
    WITH due AS (
      SELECT d.id, d.notification_id, d.due_at FROM deliveries d
       WHERE d.status = 'pending' AND d.due_at <= now() AND (d.leased_until IS NULL OR d.leased_until <= now())
         AND coalesce(leadbell_lane_of_channel(d.channel), 'push') = p_lane
       ORDER BY d.due_at
       LIMIT p_limit * 8
         FOR UPDATE SKIP LOCKED
    ), leads AS (
      SELECT due.notification_id FROM due GROUP BY due.notification_id ORDER BY min(due.due_at) LIMIT p_limit
    )
    UPDATE deliveries d SET leased_until = now() + make_interval(secs => p_lease_seconds)
      FROM due
     WHERE d.id = due.id AND due.notification_id IN (SELECT leads.notification_id FROM leads)
    RETURNING d.id;
END;
$$;
