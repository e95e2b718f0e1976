-- The worker's take (decisions 034, 038, 067, 069): the outbox rows turned into pg-boss jobs, and
-- each accepted batch's intake job into what rings its leads, in one transaction, so it happens
-- exactly once. Each step is a function of its own, named here in the order a lead meets them.
-- What does not ring anybody is settled later, many takes' leads at once (36-settle.sql).

-- What an intake job's leads imply (leadbell_take_outbox's steps below, but the `settle` answer):
-- their move into notifications, the spam verdict, the deliveries, those of the first p_claim
-- leads claimed as `send` rows, and one settle row. p_jobs: the jobs taken with the intake jobs, to which the verdict's and the `due` row
-- are added. A function of its own so that a new connection can plan it with a lead that is not
-- there (85-warm-up.sql).
CREATE OR REPLACE FUNCTION leadbell_ring_taken_leads(
  p_ids uuid[], p_intakes jsonb, p_jobs jsonb, p_claim integer, p_lease_seconds integer, p_settle_ms integer,
  p_spam jsonb, OUT jobs jsonb, OUT sends json[])
LANGUAGE plpgsql AS $$
DECLARE
  v_deliverable uuid[] := '{}';
  v_lead notifications;
  v_delivery record;
  v_claimed uuid[] := '{}';
  v_due_lanes text[] := '{}';
  -- The taken leads' rows, read once by primary key: the statements below read them from here
  -- instead of each joining notifications again.
  v_leads notifications[];
  v_verdict record;
BEGIN
  jobs := p_jobs;
  sends := '{}';
  IF cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM leadbell_take_in_leads(p_ids, true);
  -- The spam verdict first: everything after it reads the leads as its quarantine left them.
  v_verdict := leadbell_judge_spam(p_ids, leadbell_leads_by_id(p_ids), p_intakes, p_spam);
  v_leads := v_verdict.leads;
  jobs := p_jobs || v_verdict.jobs;
  PERFORM leadbell_remember_spam_signals(v_leads);

  -- Held leads wait for a larger plan; leads while the business is closed, and spam, ring nobody.
  -- A loop, not a statement over unnest: PL/pgSQL evaluates these expressions without setting up
  -- a plan, which cost more than the few leads of a take (issue 45).
  FOREACH v_lead IN ARRAY v_leads LOOP
    IF NOT v_lead.is_held AND NOT v_lead.is_after_hours AND v_lead.lead_status <> 'spam' THEN
      v_deliverable := array_append(v_deliverable, v_lead.id);
    END IF;
  END LOOP;
  FOR v_delivery IN SELECT q.delivery_id, q.is_claimed, coalesce(q.lane, 'push') AS lane
                      FROM leadbell_queue_deliveries(v_deliverable, v_deliverable[1:greatest(p_claim, 0)],
                                                     now() + make_interval(secs => p_lease_seconds)) q LOOP
    IF v_delivery.is_claimed THEN
      v_claimed := array_append(v_claimed, v_delivery.delivery_id);
    ELSIF NOT v_delivery.lane = ANY (v_due_lanes) THEN
      v_due_lanes := array_append(v_due_lanes, v_delivery.lane);
    END IF;
  END LOOP;
  -- A statement of its own: the deliveries just made are visible to it. As json, not jsonb: the
  -- caller parses it once, and building jsonb cost the take a third of its time at one lead.
  sends := ARRAY(SELECT json_build_object('kind', 'send', 'targets', json_agg(row_to_json(t)))
                   FROM leadbell_delivery_targets(v_claimed) t
                  GROUP BY t."notificationId");
  IF cardinality(v_due_lanes) > 0 THEN
    jobs := jobs || jsonb_build_array(jsonb_build_array(
              jsonb_build_object('kind', 'due', 'lanes', to_jsonb(v_due_lanes)), now()));
  END IF;

  INSERT INTO job_outbox (data, start_after)
  VALUES (jsonb_build_object('kind', 'settle', 'notificationIds', to_jsonb(p_ids), 'intakes', p_intakes),
          now() + make_interval(secs => p_settle_ms / 1000.0));
END;
$$;

-- Takes up to p_limit jobs from job_outbox, oldest first, skipping rows another process is taking
-- and the settle rows (leadbell_settle_leads takes those), and returns the jobs to queue in
-- pg-boss; the caller queues them in this transaction (decision 034). Every row says how many
-- outbox rows were taken (`taken`) and whether its job is due now (`due`: by the clock, not now(),
-- which is when this transaction's message arrived and so may be before a row it took was
-- written); when the rows imply no job at all, one row with no job says so. An intake job (one per
-- accepted batch, decision 038) is not queued itself: what it implies is derived here
-- (leadbell_ring_taken_leads), in the same transaction, so it happens exactly once:
-- - first, its leads moved from lead_intake into notifications, unless a read moved them already
--   (leadbell_take_in_leads, decision 064);
-- - then the spam verdict on what only the database knows (leadbell_judge_spam, decision 039),
--   which may quarantine some of them; p_spam carries spam-score.ts's WORKER_VERDICT;
-- - each lead's deliveries, unless it is held or arrived while the business was closed
--   (leadbell_queue_deliveries, decision 067): those of the first p_claim leads on the push lane
--   are claimed for p_lease_seconds and returned, a `send` row per lead with what sending needs,
--   for the caller to send at once; a `due` row names the lanes whose deliveries are due for any
--   worker to fetch;
-- - last, one settle row for its leads, due p_settle_ms later (decision 069), and a `settle` row
--   telling the caller when the oldest settle row waiting is due.
CREATE OR REPLACE FUNCTION leadbell_take_outbox(
  p_limit integer, p_claim integer, p_lease_seconds integer, p_settle_ms integer, p_spam jsonb)
RETURNS TABLE (data json, start_after text, due boolean, taken integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
  -- The jobs to queue, each as [job, when due].
  v_jobs jsonb;
  v_intakes jsonb;
  v_ids uuid[];
  v_intake integer;
  v_in_intake integer;
  v_job integer;
  v_sends json[];
  v_settle_due timestamptz;
BEGIN
  WITH taken AS (
    DELETE FROM job_outbox
     WHERE id IN (SELECT o.id FROM job_outbox o WHERE o.data ->> 'kind' <> 'settle'
                   ORDER BY o.id LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING job_outbox.data, job_outbox.start_after
  )
  SELECT coalesce(jsonb_agg(jsonb_build_array(t.data, t.start_after)) FILTER (WHERE t.data ->> 'kind' <> 'intake'), '[]'),
         coalesce(jsonb_agg(t.data) FILTER (WHERE t.data ->> 'kind' = 'intake'), '[]'),
         count(*)
    INTO v_jobs, v_intakes, v_taken
    FROM taken t;

  -- By subscript, evaluated by PL/pgSQL without a plan to set up (issue 45).
  v_ids := '{}';
  FOR v_intake IN 0 .. jsonb_array_length(v_intakes) - 1 LOOP
    FOR v_in_intake IN 0 .. jsonb_array_length(v_intakes -> v_intake -> 'notificationIds') - 1 LOOP
      v_ids := array_append(v_ids, (v_intakes -> v_intake -> 'notificationIds' ->> v_in_intake)::uuid);
    END LOOP;
  END LOOP;
  SELECT r.jobs, r.sends INTO v_jobs, v_sends
    FROM leadbell_ring_taken_leads(v_ids, v_intakes, v_jobs, p_claim, p_lease_seconds, p_settle_ms, p_spam) r;

  v_settle_due := (SELECT min(o.start_after) FROM job_outbox o WHERE o.data ->> 'kind' = 'settle');
  IF v_settle_due IS NOT NULL THEN
    v_jobs := v_jobs || jsonb_build_array(jsonb_build_array(
                jsonb_build_object('kind', 'settle', 'dueAt', v_settle_due), now()));
  END IF;

  -- Row by row with RETURN NEXT, which PL/pgSQL evaluates without setting up a plan (issue 45).
  taken := v_taken;
  IF jsonb_array_length(v_jobs) = 0 AND cardinality(v_sends) = 0 AND v_taken > 0 THEN
    RETURN NEXT;
  END IF;
  FOREACH data IN ARRAY v_sends LOOP
    start_after := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
    due := true;
    RETURN NEXT;
  END LOOP;
  FOR v_job IN 0 .. jsonb_array_length(v_jobs) - 1 LOOP
    data := (v_jobs -> v_job -> 0)::json;
    start_after := to_char((v_jobs -> v_job ->> 1)::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
    due := (v_jobs -> v_job ->> 1)::timestamptz <= clock_timestamp();
    RETURN NEXT;
  END LOOP;
END;
$$;

-- The take after one that failed (decision 062): the oldest row alone. A row that fails alone for
-- what is in it (a data or constraint error, SQLSTATE class 22 or 23) would fail every take after
-- it and stop every lead behind it, in every process: it is set aside in job_outbox_set_aside with
-- its error, and this take goes on. A failure of the moment (a deadlock, a lost connection, a
-- shutdown) is raised as before, and the row is taken again. Only rows another process is not
-- taking are considered. `set_aside` names the row set aside and its SQLSTATE, for the log; the
-- error's text, which may quote the row's values, stays in the table (decision 033).
CREATE OR REPLACE FUNCTION leadbell_take_outbox_alone(
  p_claim integer, p_lease_seconds integer, p_settle_ms integer, p_spam jsonb)
RETURNS TABLE (data json, start_after text, due boolean, taken integer, set_aside text)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_error text;
BEGIN
  -- Locked here, so the take below takes this row and no other process can.
  SELECT o.id INTO v_id FROM job_outbox o WHERE o.data ->> 'kind' <> 'settle' ORDER BY o.id LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF v_id IS NULL THEN
    RETURN;
  END IF;
  BEGIN
    RETURN QUERY
      SELECT t.data, t.start_after, t.due, t.taken, NULL::text
        FROM leadbell_take_outbox(1, p_claim, p_lease_seconds, p_settle_ms, p_spam) t;
  EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
    v_error := SQLSTATE || ' ' || SQLERRM;
    WITH aside AS (DELETE FROM job_outbox o WHERE o.id = v_id RETURNING o.id, o.data, o.start_after)
    INSERT INTO job_outbox_set_aside (id, data, start_after, error)
    SELECT a.id, a.data, a.start_after, v_error FROM aside a;
    RETURN QUERY SELECT NULL::json, NULL::text, NULL::boolean, 1, format('row %s, SQLSTATE %s', v_id, SQLSTATE);
  END;
END;
$$;
