-- The hot statements, the 202's and the worker's, planned once per connection (force_generic_plan,
-- decision 055): planned anew for every call, they cost PostgreSQL more to plan than to run
-- (planning was 4 ms of a take's 5 at one lead a take, and 1 ms of each accept batch's 3.6 at
-- 100 leads a second, issue 45). A generic plan cannot see how many leads a call brings, so every join is
-- a nested loop over indexes, and the leads are found by primary key: the plan reads what the
-- call's leads point at, however small or large the tables were when it was made
-- (docs/performance.md, "Planned once"). So a new installation's first leads use the plans its
-- ten-thousandth will: none is made from the empty tables' statistics and then kept while they
-- grow (issue 45, "no cold minute"; planned-once.integration.test.ts). Without JIT: a plan with a
-- scan these settings price past jit_above_cost (a one-row table without an index) would be
-- compiled for every call on PostgreSQL 15. PL/pgSQL, not SQL functions: before PostgreSQL 18 a SQL
-- function's query is planned on every call.
-- Set here, last, because CREATE OR REPLACE clears a function's settings. Listed: the functions
-- TypeScript or the accept calls (the live consoles' reads among them), and those the
-- release calls; the take's own steps (leadbell_judge_spam, leadbell_raise_usage_alerts…) run
-- under the take's settings, and under the warm-up's when it plans them (85-warm-up.sql).
DO $$
DECLARE
  v_function regprocedure;
BEGIN
  FOREACH v_function IN ARRAY ARRAY[
    'leadbell_accept_notifications_within_rate(jsonb, double precision, integer)',
    'leadbell_accept_notifications(leadbell_batch_item[])',
    'leadbell_lease_rate_tokens(uuid, integer, double precision, integer)',
    'leadbell_take_outbox(integer, integer, integer, integer, jsonb)',
    'leadbell_settle_leads(integer, integer[])',
    'leadbell_take_in_leads(uuid[], boolean)',
    'leadbell_queue_deliveries(uuid[], uuid[], timestamptz)',
    'leadbell_claim_due_deliveries(text, integer, integer)',
    'leadbell_queue_follow_ups(notifications[])',
    'leadbell_release_follow_ups(uuid[], timestamptz)',
    'leadbell_release_held_leads(uuid, timestamptz, integer, timestamptz, uuid[])',
    'leadbell_delivery_targets(uuid[])',
    'leadbell_record_settled_attempts(uuid[], integer[], text[], text[], integer[], integer[], uuid[], text, uuid[], text[])',
    'leadbell_live_notifications_after(uuid[], bigint[], integer)',
    'leadbell_live_delivery_events(uuid[], uuid[])',
    'leadbell_warm_up(text[])'
  ]::regprocedure[] LOOP
    EXECUTE format('ALTER FUNCTION %s SET plan_cache_mode = force_generic_plan SET enable_seqscan = off '
                   'SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off', v_function);
  END LOOP;
END;
$$;
