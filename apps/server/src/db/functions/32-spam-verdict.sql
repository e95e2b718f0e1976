-- The spam verdict's second half, on what only the database knows (decision 039), and the
-- quarantine that follows it. The first half is the request's own signals, judged in TypeScript
-- before the 202 (spam-score.ts's requestVerdictOf); p_spam carries spam-score.ts's WORKER_VERDICT,
-- the weights and threshold both halves share. The worker's take (30-take.sql) judges its leads
-- here, first thing after taking them in: the same message at other entities within a day, the
-- team's earlier word on the sender or the message (spam_marks), a fill-time token used before,
-- and a flood (more of the flow's leads in the last minute than a form gets from people; its
-- admins are emailed once a day).

-- Judges the take's leads (p_ids, read as p_leads) and quarantines those it finds spam: they move
-- to Spam, give back what they counted against the plan (p_intakes' `plans`), and the room they
-- give back releases held leads. Returns the leads as the quarantine left them and the releases'
-- jobs, as the take lists its jobs ([job, when due]); the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_judge_spam(
  p_ids uuid[], p_leads notifications[], p_intakes jsonb, p_spam jsonb, OUT leads notifications[], OUT jobs jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_quarantined integer;
  v_flooded_flows uuid[];
  v_quarantine_ids uuid[] := '{}';
  v_quarantine_reasons jsonb[];
  v_quarantine_flooded boolean[];
  v_quarantine_locks bigint[];
  v_quarantined_entities uuid[] := '{}';
BEGIN
  leads := p_leads;
  jobs := '[]';
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
           -- Scalar look-ups by the key, not EXISTS: the planner may give an EXISTS a second plan
           -- that reads every mark into a hash, and chose it on a young database's statistics.
           coalesce((SELECT true FROM spam_marks m
                      WHERE m.entity_id = n.entity_id AND m.verdict = 'spam'
                        AND m.fingerprint IN (n.message_fingerprint, n.sender_fingerprint) LIMIT 1), false) AS marked,
           coalesce((SELECT true FROM spam_marks m
                      WHERE m.entity_id = n.entity_id AND m.verdict = 'not_spam'
                        AND m.fingerprint = n.sender_fingerprint LIMIT 1), false) AS trusted,
           -- Used by an earlier batch's lead, or an earlier one of this batch.
           n.fill_token IS NOT NULL AND (
             EXISTS (SELECT FROM fill_token_uses u WHERE u.entity_id = n.entity_id AND u.nonce = n.fill_token)
             OR EXISTS (SELECT FROM unnest(p_leads) AS o
                         WHERE o.entity_id = n.entity_id AND o.fill_token = n.fill_token
                           AND (o.created_at, o.id) < (n.created_at, n.id))) AS replayed,
           -- Read backward along the flow's positions: at most floodLeadsPerMinute rows.
           (SELECT o.created_at FROM notifications o
             WHERE o.flow_id = n.flow_id AND o.seq < n.seq
             ORDER BY o.seq DESC
            OFFSET (p_spam ->> 'floodLeadsPerMinute')::integer - 1 LIMIT 1) > n.created_at - interval '1 minute'
             AS flooded
      FROM unnest(p_leads) AS n
      CROSS JOIN LATERAL (
        SELECT count(*) AS other_entities,
               -- No address or phone either time: nothing says it is someone else.
               coalesce(bool_and(f.sender IS NOT DISTINCT FROM n.sender_fingerprint), true) AS same_sender
          -- By the message's key alone (OFFSET 0 keeps the time out of the index scan): on a young
          -- database's statistics a plan also read the day's range of seen_at, which grows all day.
          FROM (SELECT * FROM spam_fingerprints f WHERE f.fingerprint = n.message_fingerprint OFFSET 0) f
         WHERE f.entity_id <> n.entity_id AND f.seen_at > now() - interval '1 day' AND f.seen_at < n.created_at) network
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

  IF cardinality(v_quarantine_ids) = 0 THEN
    RETURN;
  END IF;
  -- Quarantining writes the lead and then its plan count, while ingestion takes the plan count
  -- and then writes leads: each entity's lock first, alone, so the batches under way finish and
  -- new ones wait. In the ingestion's order (the lock keys ascending), and only when there is spam.
  PERFORM pg_advisory_xact_lock(locks.lock_key)
     FROM (SELECT lock_key FROM unnest(v_quarantine_locks) AS lock_key ORDER BY lock_key) locks;
  -- What they give back below comes off their count rows: with everything appended added in.
  PERFORM leadbell_fold_usage(quarantined.entity_id)
     FROM (SELECT DISTINCT n.entity_id FROM unnest(p_leads) AS n WHERE n.id = ANY (v_quarantine_ids) ORDER BY 1) quarantined;
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
      JOIN leadbell_intake_usage(p_intakes, 'plans') counted ON counted.entity_id = q.entity_id
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
        JOIN leadbell_intake_usage(p_intakes, 'plans') counted ON counted.entity_id = back.entity_id
       WHERE u.entity_id = back.entity_id AND u.period_start = counted.period_start
    ), unescalated AS (
      DELETE FROM lead_escalations e USING swept s WHERE e.notification_id = s.id
    )
    SELECT v_quarantined + count(pg_notify('leadbell_lead_events', s.entity_id || ' ' || s.id))
      INTO v_quarantined
      FROM swept s;
  END IF;

  -- What spam gave back is room again: a form's lead held for the limit while the bot's leads
  -- were counted is delivered now, oldest first, as choosing a larger plan would (the take's own
  -- leads are released here but get their jobs with the rest of the take's).
  IF v_quarantined > 0 THEN
    SELECT coalesce(jsonb_agg(jsonb_build_array(released.job, now())), '[]')
      INTO jobs
      FROM leadbell_intake_usage(p_intakes, 'plans') r
      JOIN entity_usage u ON u.entity_id = r.entity_id AND u.period_start = r.period_start
     CROSS JOIN LATERAL leadbell_release_held_leads(r.entity_id, r.period_start,
                                                    r.included_notifications - u.notification_count, now(), p_ids) released
     WHERE r.entity_id = ANY (v_quarantined_entities);
  END IF;
  -- The take goes on with the leads as the quarantine left them.
  leads := leadbell_leads_by_id(p_ids);
END;
$$;

-- What the verdict remembers of each taken lead for the leads after it: its message's hash at its
-- entity (the network signal) and its fill-time token's nonce (a replay).
CREATE OR REPLACE FUNCTION leadbell_remember_spam_signals(p_leads notifications[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO spam_fingerprints (fingerprint, entity_id, sender, seen_at)
  SELECT DISTINCT ON (n.message_fingerprint, n.entity_id) n.message_fingerprint, n.entity_id, n.sender_fingerprint,
         n.created_at
    FROM unnest(p_leads) AS n
   WHERE n.message_fingerprint IS NOT NULL AND NOT n.is_test
   ORDER BY n.message_fingerprint, n.entity_id, n.created_at DESC
  ON CONFLICT (fingerprint, entity_id)
    DO UPDATE SET seen_at = greatest(spam_fingerprints.seen_at, excluded.seen_at), sender = excluded.sender;
  INSERT INTO fill_token_uses (entity_id, nonce)
  SELECT DISTINCT n.entity_id, n.fill_token
    FROM unnest(p_leads) AS n
   WHERE n.fill_token IS NOT NULL
  ON CONFLICT DO NOTHING;
  -- A day is all the network signal looks back, and longer than a token lives; pruned now and
  -- then rather than on every take.
  IF random() < 0.01 THEN
    DELETE FROM spam_fingerprints WHERE seen_at < now() - interval '1 day';
    DELETE FROM fill_token_uses WHERE used_at < now() - interval '1 day';
  END IF;
END;
$$;
