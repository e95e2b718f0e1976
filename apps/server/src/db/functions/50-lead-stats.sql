-- The functions behind lead_stats_daily (decision 025; its triggers are in migration 0008): the one
-- source of their current versions, run by the migrator after the migrations on every run.
-- CREATE OR REPLACE keeps the triggers attached; a changed signature needs a migration that drops
-- the old function first.

-- Time to claim, kept at a resolution a person reads (decision 025): to the second under a
-- minute, 10 s under 10 minutes, the minute under an hour, 15 minutes under a day, then the hour.
-- -1: not claimed. Mirrored by claimBucketOf in packages/shared/src/insights.ts.
CREATE OR REPLACE FUNCTION leadbell_claim_bucket(p_seconds integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_seconds IS NULL THEN -1
    WHEN p_seconds < 60 THEN p_seconds
    WHEN p_seconds < 600 THEN p_seconds - p_seconds % 10
    WHEN p_seconds < 3600 THEN p_seconds - p_seconds % 60
    WHEN p_seconds < 86400 THEN p_seconds - p_seconds % 900
    ELSE p_seconds - p_seconds % 3600
  END
$$;

-- Where one lead is counted in lead_stats_daily; no row for a test, a lead without a timer or a
-- deleted one (issue 25: deleting moves it out of the counts, restoring moves it back).
CREATE OR REPLACE FUNCTION leadbell_lead_stat_key(
  p_created_at timestamptz, p_time_zone text, p_is_test boolean, p_started timestamptz, p_target integer,
  p_first_claimed_at timestamptz, p_first_claimed_by text, p_stage smallint, p_deleted_at timestamptz
) RETURNS TABLE (day date, member_id text, claim_bucket integer, is_within boolean, is_escalated boolean)
LANGUAGE sql STABLE AS $$
  SELECT (p_created_at AT TIME ZONE p_time_zone)::date,
         coalesce(p_first_claimed_by, ''),
         CASE WHEN p_first_claimed_at IS NOT NULL
              THEN leadbell_claim_bucket(greatest(0, floor(extract(epoch from p_first_claimed_at - p_started)))::integer)
              ELSE -1 END,
         coalesce(p_first_claimed_at <= p_started + make_interval(secs => p_target), false),
         p_stage > 0
   WHERE NOT p_is_test AND p_started IS NOT NULL AND p_deleted_at IS NULL
$$;

-- The counts follow the leads whatever writes them (ingestion, claims, escalations, seeding in
-- tests): one statement per changing statement, from its transition tables. An update moves a
-- lead from its old key to its new one only when something the key reads changed. Changes are
-- appended to lead_stats_deltas, never added to a lead_stats_daily row (decision 060): a row
-- updated there stays locked to its writer's commit, and the next batch of the business's leads
-- waited on it. leadbell_fold_lead_stats adds them up later. A row a lead, not grouped here: the
-- fold groups them anyway, and a grouping's set-up was most of what the take's one or two leads
-- cost this trigger (issue 45). Each lead's business by its key (OFFSET 0 keeps the look-up a
-- look-up): as a join, a plan made on a young database read every business for each take.
CREATE OR REPLACE FUNCTION leadbell_lead_stats_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_stats_deltas (entity_id, day, flow_id, member_id, claim_bucket, is_within, is_escalated, leads)
    SELECT l.entity_id, k.day, l.flow_id, k.member_id, k.claim_bucket, k.is_within, k.is_escalated, 1
      FROM new_leads l
     CROSS JOIN LATERAL (SELECT e.time_zone FROM entities e WHERE e.id = l.entity_id OFFSET 0) e
     CROSS JOIN LATERAL leadbell_lead_stat_key(l.created_at, e.time_zone, l.is_test, l.response_started_at,
             l.response_target_seconds, l.first_claimed_at, l.first_claimed_by, l.escalation_stage, l.deleted_at) k;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_stats_deltas (entity_id, day, flow_id, member_id, claim_bucket, is_within, is_escalated, leads)
    SELECT l.entity_id, k.day, l.flow_id, k.member_id, k.claim_bucket, k.is_within, k.is_escalated, -1
      FROM old_leads l
     CROSS JOIN LATERAL (SELECT e.time_zone FROM entities e WHERE e.id = l.entity_id OFFSET 0) e
     CROSS JOIN LATERAL leadbell_lead_stat_key(l.created_at, e.time_zone, l.is_test, l.response_started_at,
             l.response_target_seconds, l.first_claimed_at, l.first_claimed_by, l.escalation_stage, l.deleted_at) k;
  ELSE
    INSERT INTO lead_stats_deltas (entity_id, day, flow_id, member_id, claim_bucket, is_within, is_escalated, leads)
    SELECT moved.entity_id, k.day, moved.flow_id, k.member_id, k.claim_bucket, k.is_within, k.is_escalated, moved.delta
      FROM (SELECT o.*, -1 AS delta FROM old_leads o JOIN new_leads n ON n.id = o.id
             WHERE (n.first_claimed_at, n.first_claimed_by, n.escalation_stage, n.is_test, n.response_started_at,
                    n.response_target_seconds, n.flow_id, n.deleted_at)
                   IS DISTINCT FROM (o.first_claimed_at, o.first_claimed_by, o.escalation_stage, o.is_test,
                    o.response_started_at, o.response_target_seconds, o.flow_id, o.deleted_at)
            UNION ALL
            SELECT n.*, 1 FROM new_leads n JOIN old_leads o ON o.id = n.id
             WHERE (n.first_claimed_at, n.first_claimed_by, n.escalation_stage, n.is_test, n.response_started_at,
                    n.response_target_seconds, n.flow_id, n.deleted_at)
                   IS DISTINCT FROM (o.first_claimed_at, o.first_claimed_by, o.escalation_stage, o.is_test,
                    o.response_started_at, o.response_target_seconds, o.flow_id, o.deleted_at)) moved
     CROSS JOIN LATERAL (SELECT e.time_zone FROM entities e WHERE e.id = moved.entity_id OFFSET 0) e
     CROSS JOIN LATERAL leadbell_lead_stat_key(moved.created_at, e.time_zone, moved.is_test, moved.response_started_at,
             moved.response_target_seconds, moved.first_claimed_at, moved.first_claimed_by, moved.escalation_stage, moved.deleted_at) k;
  END IF;
  RETURN NULL;
END;
$$;

-- Recounts an entity's leads from scratch: after its time zone changed (days are local), and once
-- here for the leads that came before the counts. Its changes not yet folded in are counted afresh
-- too.
CREATE OR REPLACE FUNCTION leadbell_recount_lead_stats(p_entity_id uuid) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM lead_stats_deltas WHERE entity_id = p_entity_id;
  DELETE FROM lead_stats_daily WHERE entity_id = p_entity_id;
  INSERT INTO lead_stats_daily (entity_id, day, flow_id, member_id, claim_bucket, is_within, is_escalated, leads)
  SELECT n.entity_id, k.day, n.flow_id, k.member_id, k.claim_bucket, k.is_within, k.is_escalated, count(*)
    FROM notifications n
    JOIN entities e ON e.id = n.entity_id
   CROSS JOIN LATERAL leadbell_lead_stat_key(n.created_at, e.time_zone, n.is_test, n.response_started_at,
                                             n.response_target_seconds, n.first_claimed_at, n.first_claimed_by,
                                             n.escalation_stage, n.deleted_at) k
   WHERE n.entity_id = p_entity_id
   GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;

-- Adds the appended changes (lead_stats_deltas) into lead_stats_daily; the worker's takes call it
-- (leadbell_fold_counts). Rows another transaction holds (a recount, another fold) are left for a
-- later fold, so a take never waits here (see leadbell_fold_usage). Upserted in key order, so it
-- never deadlocks with a recount. An entity deleted since its rows were appended has nothing to
-- add to.
CREATE OR REPLACE FUNCTION leadbell_fold_lead_stats() RETURNS void
LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM lead_stats_deltas d
     WHERE d.ctid = ANY (ARRAY(SELECT x.ctid FROM lead_stats_deltas x FOR UPDATE SKIP LOCKED))
    RETURNING d.*
  )
  INSERT INTO lead_stats_daily AS stats (entity_id, day, flow_id, member_id, claim_bucket, is_within, is_escalated, leads)
  SELECT f.entity_id, f.day, f.flow_id, f.member_id, f.claim_bucket, f.is_within, f.is_escalated, sum(f.leads)
    FROM folded f
   WHERE EXISTS (SELECT FROM entities e WHERE e.id = f.entity_id OFFSET 0)
   GROUP BY 1, 2, 3, 4, 5, 6, 7
   ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT lead_stats_daily_pk DO UPDATE SET leads = stats.leads + excluded.leads;
$$;
