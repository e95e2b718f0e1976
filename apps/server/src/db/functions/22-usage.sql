-- Counting leads against the plan (decisions 041, 060): ingestion counts a limited plan's leads on
-- its entity_usage row and appends an unlimited plan's to entity_usage_deltas, which the worker's
-- take adds in; an entity's advisory lock keeps a count and the leads it counts together.

-- The key of an entity's advisory lock, which each batch of ingestion holds shared while it counts
-- and writes the entity's leads: every transaction that changes leads and plan counts together
-- takes it alone, first, this one way (the worker's quarantine in 32-spam-verdict.sql,
-- lockEntityLeads in TypeScript), and so waits for the batches under way (decision 061).
CREATE OR REPLACE FUNCTION leadbell_entity_lock_key(p_entity_id uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtextextended(p_entity_id::text, 0)
$$;

-- An entity's count against its plan in the month from p_period_start: its entity_usage row with
-- what is appended and not yet added in (decision 060).
CREATE OR REPLACE FUNCTION leadbell_usage_count(p_entity_id uuid, p_period_start timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (coalesce((SELECT u.notification_count FROM entity_usage u
                     WHERE u.entity_id = p_entity_id AND u.period_start = p_period_start), 0)
          + coalesce((SELECT sum(d.notification_count) FROM entity_usage_deltas d
                       WHERE d.entity_id = p_entity_id AND d.period_start = p_period_start), 0))::integer
$$;

-- A lead awaits its spam verdict while the intake job of its batch waits in job_outbox: the take
-- that judges it deletes the job (30-take.sql), in the transaction that gives spam's count back
-- (decision 039), so one snapshot reads both. The one statement of that rule, read by what counts
-- (below) and by a release of held leads (40-held-lead-release.sql): an entity's intake jobs with
-- each of their leads. Only the jobs listing the entity among their plans (every entity with a
-- lead that is not a test) are opened lead by lead. A SQL function the planner inlines into the
-- statement that reads it.
CREATE OR REPLACE FUNCTION leadbell_intake_jobs_awaiting_verdict(p_entity_id uuid)
RETURNS TABLE (outbox_id bigint, lead_id uuid)
LANGUAGE sql STABLE AS $$
  SELECT o.id, lead.id::uuid
    FROM job_outbox o
   CROSS JOIN LATERAL jsonb_array_elements_text(o.data -> 'notificationIds') AS lead (id)
   WHERE o.data ->> 'kind' = 'intake'
     AND o.data -> 'plans' @> jsonb_build_array(jsonb_build_object('entityId', p_entity_id))
$$;

-- An entity's leads counted against its plan on arrival that await their verdict (decision 073),
-- waiting in lead_intake or moved early into notifications by a read of the business's leads.
CREATE OR REPLACE FUNCTION leadbell_leads_awaiting_verdict(p_entity_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer
    FROM leadbell_intake_jobs_awaiting_verdict(p_entity_id) job
   CROSS JOIN LATERAL (
     SELECT i.entity_id, i.is_test, i.is_held FROM lead_intake i WHERE i.id = job.lead_id
     UNION ALL
     SELECT n.entity_id, n.is_test, n.is_held FROM notifications n WHERE n.id = job.lead_id
   ) AS waiting
   WHERE waiting.entity_id = p_entity_id AND NOT waiting.is_test AND NOT waiting.is_held
$$;

-- What the month from p_period_start bills (overage is reported to Stripe from it): the count
-- against the plan less the entity's leads awaiting their verdict. A report made between a pitch's
-- arrival and its verdict would bill it, and a unit reported to Stripe's meter stays reported. A
-- lead held back here is billed by a later report, once judged (the reports are running counts): so
-- a waiting lead of the month before, held back from this month's count for the moment of its take,
-- costs nothing.
CREATE OR REPLACE FUNCTION leadbell_billable_count(p_entity_id uuid, p_period_start timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT greatest(0, leadbell_usage_count(p_entity_id, p_period_start) - leadbell_leads_awaiting_verdict(p_entity_id))
$$;

-- Adds the plan counts ingestion appended (entity_usage_deltas, decision 060) into entity_usage.
-- One entity's (p_entity_id), under its lock: all of them, waiting for a fold that holds some. Or,
-- for the worker's take (null), every entity's that no one else holds: the take then never waits
-- here, on a transaction that may be waiting for a lead the take has locked (its foreign keys lock
-- the leads it writes rows for). Upserted in key order, so two folds never deadlock; an entity
-- deleted since has nothing to add to.
CREATE OR REPLACE FUNCTION leadbell_fold_usage(p_entity_id uuid) RETURNS void
LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM entity_usage_deltas d
     WHERE d.entity_id = p_entity_id
        OR (p_entity_id IS NULL
            AND d.ctid = ANY (ARRAY(SELECT x.ctid FROM entity_usage_deltas x FOR UPDATE SKIP LOCKED)))
    RETURNING d.*
  )
  INSERT INTO entity_usage AS usage (entity_id, period_start, notification_count)
  SELECT f.entity_id, f.period_start, sum(f.notification_count)
    FROM folded f
   WHERE EXISTS (SELECT FROM entities e WHERE e.id = f.entity_id OFFSET 0)
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (entity_id, period_start)
    DO UPDATE SET notification_count = usage.notification_count + excluded.notification_count;
$$;

-- What the worker's take adds in, last (decision 060): the plan counts and the insights counts
-- appended since, skipping rows another transaction holds. One take folds at a time: another
-- finding it busy leaves the rows to it.
CREATE OR REPLACE FUNCTION leadbell_fold_counts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_try_advisory_xact_lock(hashtextextended('leadbell_fold_counts', 0)) THEN
    PERFORM leadbell_fold_usage(NULL);
    PERFORM leadbell_fold_lead_stats();
  END IF;
END;
$$;

-- Takes an entity's lock (leadbell_entity_lock_key) for a transaction that changes its leads and
-- plan count together (lockEntityLeads), then adds its appended counts in, so its count row is
-- whole for that transaction: no batch appends more while the lock is held.
CREATE OR REPLACE FUNCTION leadbell_lock_entity_leads(p_entity_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(leadbell_entity_lock_key(p_entity_id));
  PERFORM leadbell_fold_usage(p_entity_id);
END;
$$;

-- The entities, months and included volumes an intake job lists under p_list: `usage` (its
-- counted leads') or `plans` (all its leads' but tests).
CREATE OR REPLACE FUNCTION leadbell_intake_usage(p_intakes jsonb, p_list text)
RETURNS TABLE (entity_id uuid, period_start timestamptz, included_notifications integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT (u ->> 'entityId')::uuid, (u ->> 'periodStart')::timestamptz, (u ->> 'includedNotifications')::integer
    FROM jsonb_array_elements(p_intakes) intake
   CROSS JOIN jsonb_array_elements(coalesce(intake -> p_list, '[]')) u
$$;

-- The usage alerts the leads of a take's intake jobs cross (p_intakes' `usage`): at each of
-- p_percents of the plan's included volume, once per entity and billing month (entity_alerts).
-- Returns their jobs; the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_raise_usage_alerts(p_intakes jsonb, p_percents integer[])
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    WITH reached AS MATERIALIZED (
      -- The alerts not raised yet that the count against the plan reaches: only these need the
      -- leads awaiting their verdict counted, which reads the outbox.
      SELECT c.entity_id, c.period_start, 'usage_' || percent AS kind, c.included_notifications, percent,
             usage.notification_count
        FROM leadbell_intake_usage(p_intakes, 'usage') c
       CROSS JOIN LATERAL (SELECT leadbell_usage_count(c.entity_id, c.period_start) AS notification_count) usage
       CROSS JOIN unnest(p_percents) AS percent
       WHERE usage.notification_count::bigint * 100 >= c.included_notifications::bigint * percent
         AND NOT EXISTS (SELECT FROM entity_alerts a
                          WHERE a.entity_id = c.entity_id AND a.period_start = c.period_start
                            AND a.kind = 'usage_' || percent OFFSET 0)
    ), raised AS (
      INSERT INTO entity_alerts (entity_id, period_start, kind)
      SELECT r.entity_id, r.period_start, r.kind
        FROM reached r
       -- Spam among the leads awaiting their verdict is given back, and a lead that stays is told by
       -- its own settle.
       WHERE (r.notification_count - leadbell_leads_awaiting_verdict(r.entity_id))::bigint * 100
             >= r.included_notifications::bigint * r.percent
      ON CONFLICT DO NOTHING
      RETURNING entity_alerts.entity_id, entity_alerts.period_start, entity_alerts.kind
    )
    SELECT jsonb_build_object('kind', 'entity-alert', 'entityId', raised.entity_id,
                              'periodStart', raised.period_start, 'alert', raised.kind)
      FROM raised;
END;
$$;
