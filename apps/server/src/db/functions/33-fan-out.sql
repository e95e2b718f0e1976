-- A lead's deliveries (decision 030), the fan-out to every device, mailbox, Telegram chat and phone
-- (texts and calls) of its team, when the worker's take meets it or a held lead is released: of every member not
-- away, at once or, for a flow that rings in turn, one member after another (issue 50).

-- The lane a delivery is sent in, by its channel (decision 054): a lead's Telegram messages and
-- its texts each go in their channel's lane, so its pushes wait behind neither, nor one behind the
-- other; its calls go with its texts, in Twilio's lane (issue 50); null is the push lane (pushes
-- and email copies). Its retries stay in the lane.
CREATE OR REPLACE FUNCTION leadbell_lane_of_channel(p_channel text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_channel IN ('telegram', 'sms') THEN p_channel WHEN p_channel = 'voice' THEN 'sms' END
$$;

-- Whether `p_at` falls in a member's quiet hours (decision 025: read in the entity's zone; a start
-- after the end crosses midnight, 22:00 → 07:00). The one copy of the rule (decision 079): the
-- turn order reads it here, and a send asks it through quietDeliveryIdsAt (TypeScript).
CREATE OR REPLACE FUNCTION leadbell_is_quiet_at(p_quiet jsonb, p_time_zone text, p_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT coalesce(CASE WHEN w.quiet_start < w.quiet_end THEN w.quiet_start <= w.local_time AND w.local_time < w.quiet_end
                       ELSE w.local_time >= w.quiet_start OR w.local_time < w.quiet_end END, false)
    FROM (SELECT (p_quiet ->> 'start')::time AS quiet_start, (p_quiet ->> 'end')::time AS quiet_end,
                 (p_at AT TIME ZONE p_time_zone)::time AS local_time) w
$$;

-- The members of an entity a lead rings (issue 50): those not away, or, when every member is
-- away, all of them, so that no lead is silent. Read when the worker rings, so setting oneself
-- away applies from the next lead on (and to the escalations of leads still open).
CREATE OR REPLACE FUNCTION leadbell_members_rung(p_entity_id uuid) RETURNS TABLE (user_id text)
LANGUAGE sql STABLE
AS $$
  WITH members AS (
    -- By the business's index, and each member's preferences by key (OFFSET 0 keeps the look-ups
    -- apart, leadbell_queue_deliveries): a join planned on a young database read every user and
    -- every member's preferences of the installation for each lead (issue 45).
    SELECT u.id, p.away_since IS NOT NULL AS is_away
      FROM (SELECT u.id FROM users u WHERE u.entity_id = p_entity_id OFFSET 0) u
      LEFT JOIN LATERAL (SELECT p.away_since FROM delivery_preferences p WHERE p.user_id = u.id OFFSET 0) p ON true
  )
  SELECT m.id FROM members m WHERE NOT m.is_away OR NOT EXISTS (SELECT FROM members a WHERE NOT a.is_away)
$$;

-- The members a flow ringing in turn asks, in the team page's order, at `p_at` (the app's clock):
-- those rung and not in their quiet hours then (issue 50: outside their hours, a member is
-- skipped), or, when all are, every member rung, as away is (nothing is silent: their pushes
-- arrive without sound).
CREATE OR REPLACE FUNCTION leadbell_members_in_turn(p_entity_id uuid, p_at timestamptz) RETURNS text[]
LANGUAGE sql STABLE
AS $$
  WITH rung AS (
    SELECT r.user_id, u.entity_joined_at, u.created_at,
           leadbell_is_quiet_at(p.quiet_hours, e.time_zone, p_at) AS is_quiet
      FROM leadbell_members_rung(p_entity_id) r
      JOIN users u ON u.id = r.user_id
      JOIN entities e ON e.id = p_entity_id
      LEFT JOIN delivery_preferences p ON p.user_id = r.user_id
  )
  SELECT ARRAY(SELECT m.user_id FROM rung m
                WHERE NOT m.is_quiet OR NOT EXISTS (SELECT FROM rung a WHERE NOT a.is_quiet)
                ORDER BY m.entity_joined_at, m.created_at, m.user_id)
$$;

-- The first turn of each lead among p_notification_ids whose flow rings in turn (issue 50) and
-- that has none yet: one member asked now, chosen round robin over the flow's leads (the flow's
-- ring_turns counts them) among the members in turn when the lead's response timer started (the
-- app's clock, as escalations), and the next step due a step after that. A test lead rings as it
-- always does.
CREATE OR REPLACE FUNCTION leadbell_start_turns(p_notification_ids uuid[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  v_in_turn uuid[];
  -- PL/pgSQL runs a WITH that writes only as a SELECT … INTO; the count itself is not used.
  v_asked bigint;
BEGIN
  -- The leads that start a turn, read first: most takes have none, and the statement that writes
  -- the turns cost a take of two leads that ring everyone 0.7 ms of start-up (three tables opened
  -- for writing) to write nothing. The warm-up (85-warm-up.sql) has no lead in turn, so a
  -- connection plans that statement at its first lead that has one.
  v_in_turn := ARRAY(
    SELECT n.id
      FROM unnest(p_notification_ids) AS lead (id)
      CROSS JOIN LATERAL (SELECT n.id, n.flow_id, n.is_test FROM notifications n WHERE n.id = lead.id OFFSET 0) n
      CROSS JOIN LATERAL (SELECT f.ring_policy FROM flows f WHERE f.id = n.flow_id OFFSET 0) f
     WHERE f.ring_policy = 'in_turn' AND NOT n.is_test
       AND NOT EXISTS (SELECT FROM lead_turns t WHERE t.notification_id = n.id OFFSET 0));
  IF cardinality(v_in_turn) = 0 THEN
    RETURN;
  END IF;
  WITH leads AS (
    SELECT n.id, n.entity_id, n.flow_id, f.ring_step_minutes,
           coalesce(n.response_started_at, n.created_at) AS started_at,
           (row_number() OVER (PARTITION BY n.flow_id ORDER BY n.seq) - 1)::integer AS place
      FROM unnest(v_in_turn) AS lead (id)
      CROSS JOIN LATERAL (SELECT n.id, n.entity_id, n.flow_id, n.seq, n.created_at, n.response_started_at
                            FROM notifications n WHERE n.id = lead.id OFFSET 0) n
      CROSS JOIN LATERAL (SELECT f.ring_step_minutes FROM flows f WHERE f.id = n.flow_id OFFSET 0) f
  ), counted AS (
    -- The flow's row lock orders two takes' leads of one flow: each continues the other's count.
    UPDATE flows f SET ring_turns = f.ring_turns + c.leads
      FROM (SELECT l.flow_id, count(*)::integer AS leads FROM leads l GROUP BY l.flow_id) c
     WHERE f.id = c.flow_id
    RETURNING f.id, f.ring_turns - c.leads AS first_turn
  ), chosen AS (
    SELECT l.id, l.entity_id, l.started_at + make_interval(mins => l.ring_step_minutes) AS due_at,
           m.members[(c.first_turn + l.place) % cardinality(m.members) + 1] AS user_id
      FROM leads l
      JOIN counted c ON c.id = l.flow_id
     CROSS JOIN LATERAL (SELECT leadbell_members_in_turn(l.entity_id, l.started_at) AS members) m
     WHERE cardinality(m.members) > 0
  ), started AS (
    INSERT INTO lead_turns (notification_id, asked, due_at)
    SELECT ch.id, ARRAY[ch.user_id], ch.due_at FROM chosen ch
    ON CONFLICT DO NOTHING
    RETURNING lead_turns.notification_id
  ), asked AS (
    INSERT INTO lead_events (notification_id, entity_id, kind, user_id)
    SELECT ch.id, ch.entity_id, 'asked', ch.user_id FROM chosen ch JOIN started s ON s.notification_id = ch.id
    RETURNING 1
  )
  SELECT count(*) INTO v_asked FROM asked;
END;
$$;

-- The next step of a lead ringing in turn: when it is due (the sweep calls it holding the turn's
-- row lock, p_passed_by null), or at once when the member asked last pressed 2 on their call at
-- p_passed_at (the app's clock), which restarts the step from then; a pass from a member whose turn
-- went by already moves nothing. A lead no longer open (claimed, done, deleted) stops there.
-- Otherwise the next member in turn at the step's time (leadbell_members_in_turn: not away, not in
-- their quiet hours) not asked yet, counting round the team from the first one asked, is asked now
-- and the step after is due a step later; with nobody left, everyone rung is (whoever was asked
-- has theirs already; a member in quiet hours gets silent pushes, as when a flow rings everyone),
-- and the turn ends. Returns how many deliveries it made.
CREATE OR REPLACE FUNCTION leadbell_ring_next_turn(
  p_notification_id uuid, p_passed_by text, p_passed_at timestamptz) RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  v_asked text[];
  v_step_at timestamptz;
  v_entity_id uuid;
  v_step integer;
  v_is_open boolean;
  v_members text[];
  v_next text;
  v_queued integer;
BEGIN
  SELECT t.asked, coalesce(p_passed_at, t.due_at) INTO v_asked, v_step_at
    FROM lead_turns t WHERE t.notification_id = p_notification_id FOR UPDATE;
  IF v_asked IS NULL OR (p_passed_by IS NOT NULL AND p_passed_by IS DISTINCT FROM v_asked[cardinality(v_asked)]) THEN
    RETURN 0;
  END IF;
  SELECT n.entity_id, f.ring_step_minutes, n.lead_status = 'open' AND n.deleted_at IS NULL
    INTO v_entity_id, v_step, v_is_open
    FROM notifications n JOIN flows f ON f.id = n.flow_id
   WHERE n.id = p_notification_id;
  IF NOT coalesce(v_is_open, false) THEN
    DELETE FROM lead_turns WHERE notification_id = p_notification_id;
    RETURN 0;
  END IF;
  v_members := leadbell_members_in_turn(v_entity_id, v_step_at);
  v_next := (SELECT m.user_id FROM unnest(v_members) WITH ORDINALITY AS m (user_id, place)
              WHERE m.user_id <> ALL (v_asked)
              ORDER BY (m.place - coalesce(array_position(v_members, v_asked[1]), 0) + cardinality(v_members))
                       % cardinality(v_members)
              LIMIT 1);
  -- With nobody left, the turn asks everyone rung for the fan-out below, and then ends.
  UPDATE lead_turns
     SET asked = asked || CASE WHEN v_next IS NULL THEN ARRAY(SELECT r.user_id FROM leadbell_members_rung(v_entity_id) r)
                               ELSE ARRAY[v_next] END,
         due_at = v_step_at + make_interval(mins => v_step)
   WHERE notification_id = p_notification_id;
  -- Who was asked when, for the timeline; no member: everyone left was rung.
  INSERT INTO lead_events (notification_id, entity_id, kind, user_id)
  VALUES (p_notification_id, v_entity_id, 'asked', v_next);
  v_queued := (SELECT count(*) FROM leadbell_queue_deliveries(ARRAY[p_notification_id], '{}', NULL));
  IF v_next IS NULL THEN
    DELETE FROM lead_turns WHERE notification_id = p_notification_id;
  END IF;
  RETURN v_queued;
END;
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
  PERFORM leadbell_start_turns(p_notification_ids);
  RETURN QUERY
  WITH recipients AS (
    -- Each row by an index, one lead, member and device at a time: OFFSET 0 keeps each look-up
    -- inside its lateral join, so no plan reads a table whole, whatever its statistics were when it
    -- was made. A join of users on the business, planned on a young database, read every user of
    -- the installation for each lead (issue 45).
    SELECT n.id AS notification_id, n.entity_id, u.id AS user_id,
           CASE WHEN n.id = ANY (p_claimed) THEN p_lease_until END AS leased_until,
           coalesce(p.email_notifications, p.push_confirmed_at IS NULL) AS wants_email,
           EXISTS (SELECT FROM push_subscriptions s WHERE s.entity_id = n.entity_id AND s.user_id = u.id OFFSET 0)
             AS has_device,
           coalesce(p.sms = 'all', false) AS wants_texts, coalesce(p.voice = 'all', false) AS wants_calls
      FROM unnest(p_notification_ids) AS lead (id)
      -- A lead in Spam rings nobody, read under the lock its deliveries' foreign key takes anyway:
      -- the team's "Spam" holds the lead's row (mark-spam.ts), so a take that read the lead open
      -- before their click (its verdict came first) waits for it here and reads it again.
      CROSS JOIN LATERAL (SELECT n.id, n.entity_id, n.is_test, n.test_sent_by FROM notifications n
                           WHERE n.id = lead.id AND n.lead_status <> 'spam' OFFSET 0 FOR KEY SHARE) n
      CROSS JOIN LATERAL (SELECT u.id, u.role FROM users u WHERE u.entity_id = n.entity_id OFFSET 0) u
      LEFT JOIN LATERAL (SELECT p.email_notifications, p.push_confirmed_at, p.sms, p.voice
                           FROM delivery_preferences p WHERE p.user_id = u.id OFFSET 0) p ON true
     -- A test lead rings the member who sent it from the console alone; one sent with an API key
     -- alone (a developer trying the API) rings the admins, who hold the keys (decision 072).
     -- A real lead rings the members not away (leadbell_members_rung); while it rings in turn,
     -- those it asked so far (leadbell_start_turns, leadbell_ring_next_turn).
     WHERE CASE WHEN n.is_test THEN u.id = n.test_sent_by OR (n.test_sent_by IS NULL AND u.role = 'admin')
                ELSE u.id IN (SELECT m.user_id FROM leadbell_members_rung(n.entity_id) m)
                     AND NOT EXISTS (SELECT FROM lead_turns t
                                      WHERE t.notification_id = n.id AND u.id <> ALL (t.asked)) END
  ), targets AS (
    INSERT INTO deliveries (notification_id, entity_id, channel, subscription_id, user_id, fallback_reason,
                            leased_until)
    SELECT r.notification_id, r.entity_id, 'push', s.id, r.user_id, NULL, r.leased_until
      FROM recipients r
     CROSS JOIN LATERAL (SELECT s.id FROM push_subscriptions s
                          WHERE s.entity_id = r.entity_id AND s.user_id = r.user_id OFFSET 0) s
    UNION ALL
    SELECT r.notification_id, r.entity_id, 'email', NULL, r.user_id,
           CASE WHEN r.wants_email THEN NULL ELSE 'no_device' END, r.leased_until
      FROM recipients r
     WHERE r.wants_email OR NOT r.has_device
    UNION ALL
    -- Telegram (decision 052): one row per member whose chat is linked and not turned off.
    SELECT r.notification_id, r.entity_id, 'telegram', NULL, r.user_id, NULL, NULL
      FROM recipients r
     WHERE EXISTS (SELECT FROM telegram_links t
                    WHERE t.user_id = r.user_id AND t.entity_id = r.entity_id AND t.is_enabled OFFSET 0)
    UNION ALL
    -- Texts (decision 053): a member who chose every lead by text and has a verified number.
    SELECT r.notification_id, r.entity_id, 'sms', NULL, r.user_id, NULL, NULL
      FROM recipients r
     WHERE r.wants_texts
       AND EXISTS (SELECT FROM member_phones mp WHERE mp.user_id = r.user_id AND mp.phone IS NOT NULL OFFSET 0)
    UNION ALL
    -- Calls (issue 50): a member who chose every lead by phone call and has a verified number.
    SELECT r.notification_id, r.entity_id, 'voice', NULL, r.user_id, NULL, NULL
      FROM recipients r
     WHERE r.wants_calls
       AND EXISTS (SELECT FROM member_phones mp WHERE mp.user_id = r.user_id AND mp.phone IS NOT NULL OFFSET 0)
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
