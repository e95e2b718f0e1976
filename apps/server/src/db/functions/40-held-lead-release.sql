-- Held leads released (kept past Starter's limit, decisions 021, 041, 063): by choosing a larger
-- plan (release-held-leads.ts) or by spam giving its room back (32-spam-verdict.sql).

-- A held lead released (a larger plan chosen, or spam giving room back; decisions 021, 041) reaches
-- the team now. Its deliveries are the caller's to queue; this gives it the rest of what a lead
-- that reaches the team gets (leadbell_queue_follow_ups), its response timer starting at the
-- release when it started before (the time it was held is not the team's), and a row in
-- lead_releases. Each lead gets them once, whichever comes first: a take that read the lead still
-- held leaves them to the release, and one that reads it released finds its row. Returns their
-- jobs; the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_release_follow_ups(p_ids uuid[], p_now timestamptz)
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO lead_releases (notification_id, released_at)
  SELECT released.id, p_now FROM unnest(p_ids) AS released (id)
  ON CONFLICT DO NOTHING;
  -- A lead someone claimed or closed while it was held has had its answer: its timer stays.
  UPDATE notifications n SET response_started_at = p_now
   WHERE n.id = ANY (p_ids) AND n.response_started_at < p_now AND n.lead_status = 'open';
  RETURN QUERY SELECT f.job FROM leadbell_queue_follow_ups(leadbell_leads_by_id(p_ids)) f;
END;
$$;

-- Releases a business's held leads (kept past Starter's limit, decisions 021, 041, 063): oldest
-- first, at most p_room of them (null: every one), and only those not in Spam (a held lead can be
-- quarantined while it waits: it stays there, never counted, never rung). Both releases come here:
-- choosing a larger plan (release-held-leads.ts) and spam giving its room back (the take). Each
-- released lead counts in the billing month that starts at p_period_start and gets what a lead
-- that reaches the team gets (leadbell_release_follow_ups); its deliveries only if it is still
-- open (someone claimed or closed it meanwhile: nobody needs ringing about it) and arrived while
-- the business was open (one that arrived while it was closed rings nobody, as at its arrival:
-- the morning summary lists it). Leads in p_followed_up_by_caller are released and counted but
-- get nothing more here: the caller makes theirs with the rest of its own. Returns the follow-ups'
-- jobs; the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_release_held_leads(
  p_entity_id uuid, p_period_start timestamptz, p_room integer, p_now timestamptz, p_followed_up_by_caller uuid[])
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql
AS $$
DECLARE
  v_released uuid[];
  v_ringing uuid[];
  v_unjudged uuid[];
BEGIN
  WITH releasable AS (
    SELECT n.id FROM notifications n
     WHERE n.entity_id = p_entity_id AND n.is_held AND n.lead_status <> 'spam'
     ORDER BY n.seq
     -- LIMIT NULL is no limit; greatest() would turn a null room into 0.
     LIMIT CASE WHEN p_room IS NULL THEN NULL ELSE greatest(p_room, 0) END
  ), released AS (
    UPDATE notifications n SET is_held = false
      FROM releasable r
     WHERE n.id = r.id
    RETURNING n.id, n.is_after_hours, n.lead_status
  )
  SELECT coalesce(array_agg(r.id), '{}'),
         coalesce(array_agg(r.id) FILTER (WHERE r.lead_status = 'open' AND NOT r.is_after_hours), '{}')
    INTO v_released, v_ringing
    FROM released r;
  IF cardinality(v_released) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
  VALUES (p_entity_id, p_period_start, cardinality(v_released))
  ON CONFLICT (entity_id, period_start)
    DO UPDATE SET notification_count = usage.notification_count + excluded.notification_count,
                  held_count = greatest(usage.held_count - excluded.notification_count, 0);
  -- A held lead awaiting its verdict (leadbell_intake_jobs_awaiting_verdict) is left to the take
  -- that judges it, which reads it released and rings it after the verdict: ringing it here would
  -- ring spam the verdict has not seen yet, as a bot's leads past the limit were when its first
  -- quarantined ones gave their room back (spam-labelled-set.integration.test.ts). Their intake
  -- jobs are locked until this commits, so their take reads them released; one a take holds now
  -- is being judged by it, and rings here as before.
  v_unjudged := ARRAY(SELECT job.lead_id
                        FROM leadbell_intake_jobs_awaiting_verdict(p_entity_id) job
                       WHERE job.lead_id = ANY (v_released)
                         AND job.outbox_id IN (SELECT o.id FROM job_outbox o WHERE o.id = job.outbox_id
                                                 FOR UPDATE SKIP LOCKED));
  -- Its deliveries are due now, for any worker (decision 067); the workers hear of them at the
  -- commit. Rare (a plan chosen, spam's room given back), so the NOTIFY's commit-time lock costs
  -- nothing that matters here.
  PERFORM leadbell_queue_deliveries(ARRAY(SELECT unnest(v_ringing) EXCEPT SELECT unnest(p_followed_up_by_caller)
                                          EXCEPT SELECT unnest(v_unjudged)),
                                    '{}', NULL);
  IF FOUND THEN
    PERFORM pg_notify('leadbell_delivery_jobs', '');
  END IF;
  RETURN QUERY
    SELECT f.job FROM leadbell_release_follow_ups(
                        ARRAY(SELECT unnest(v_released) EXCEPT SELECT unnest(p_followed_up_by_caller)
                              EXCEPT SELECT unnest(v_unjudged)), p_now) f;
END;
$$;
