-- The stored functions, one file per concern, applied by the migrator in the order of their
-- numbers, all in one transaction, after the migrations and on every run (decision 034): each file
-- is the one source of its functions' current versions, so an edit here is the whole change.
-- CREATE OR REPLACE cannot change a function's parameters or result columns: for that, a
-- migration drops the old one first (as 0012 did), and the file creates the new one. Jobs are
-- written to job_outbox, our own table; the delivery worker moves them into pg-boss through its
-- public API, so no function knows pg-boss's tables.

-- An item of an accept batch, as leadbell_batch_items parses the caller's JSON (accept-batcher.ts):
-- this is its one definition (migrations 0020 to 0031 built it up; decision 065). Fields are read
-- by name, so a field the caller leaves out is null. Changing it here replaces the type on the
-- next run, with the functions whose parameters or results are of it (20-accept.sql creates
-- them again); anything else that still used it stops the run.
CREATE TYPE leadbell_batch_item_wanted AS (
  item integer,
  entity_id uuid,
  api_key_id uuid,
  allowed_origins text[],
  -- What the caller rendered the item from (its remembered key, flow and plan): when any of it
  -- changed since, the item is stale and the caller reads them afresh.
  flow_id uuid,
  flow_title text,
  flow_message text,
  plan text,
  plan_selected_at timestamptz,
  pending_plan text,
  pending_plan_from timestamptz,
  period_start timestamptz,
  -- The highest count the plan allows this month; null when it keeps accepting (overage).
  notification_limit integer,
  -- The plan's included volume, which usage alerts are shares of.
  included_notifications integer,
  is_test boolean,
  -- The most test notifications a month.
  test_limit integer,
  title text,
  message text,
  url text,
  data jsonb,
  source text,
  page_url text,
  shortened_fields text[],
  -- The data fields no placeholder used, for the answer.
  unused_fields jsonb,
  idempotency_key text,
  -- Decision 025: closed for business (no ringing), when the response timer starts (null for a
  -- test, or a schedule that never opens: no escalation) and its length.
  is_after_hours boolean,
  response_started_at timestamptz,
  response_target_seconds integer,
  -- Decision 039: the request's spam signals (each code and its points), which the worker's take
  -- weighs (issue 46: the accept judges nothing), and the hashes of its message and sender; null
  -- signals for a test, which is never judged.
  spam_reasons jsonb,
  message_fingerprint text,
  sender_fingerprint text,
  -- The nonce of a genuine fill-time token, for the worker to tell a second use.
  fill_token text,
  -- Where the lead came from (decision 048), derived while the request was read.
  referrer text,
  attribution jsonb,
  traffic_source text,
  -- Decision 059: charged from its process's lease of the key's tokens, with what the key has left
  -- as that process sees them; null: charged from the key's bucket in the batch's statement.
  rate_tokens double precision,
  -- Decision 072: the member who sent a test from the console, whom alone it rings; null for any
  -- other lead, and for a test sent with a key alone (it rings the admins).
  test_sent_by text,
  -- Issue 46: a public submission (a form post, a webhook delivery, a browser's call with an
  -- Origin), which counts toward its form's flood; a call from the business's own server does not.
  is_public boolean
);

-- The type in place is kept when it already reads as the one above (every run but the one after a
-- change), so the functions that use it keep their plans.
DO $$
DECLARE
  v_attributes text := $q$
    SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum)
      FROM pg_attribute a
     WHERE a.attrelid = (SELECT t.typrelid FROM pg_type t WHERE t.oid = to_regtype($1)) AND a.attnum > 0
       AND NOT a.attisdropped$q$;
  v_in_place text;
  v_wanted text;
BEGIN
  EXECUTE v_attributes INTO v_in_place USING 'leadbell_batch_item';
  EXECUTE v_attributes INTO v_wanted USING 'leadbell_batch_item_wanted';
  IF v_in_place IS NOT DISTINCT FROM v_wanted THEN
    DROP TYPE leadbell_batch_item_wanted;
  ELSE
    DROP FUNCTION IF EXISTS leadbell_accept_notifications(leadbell_batch_item[]);
    DROP FUNCTION IF EXISTS leadbell_batch_item_holds(leadbell_batch_item);
    DROP FUNCTION IF EXISTS leadbell_intake_row(leadbell_batch_item, uuid, bigint, boolean);
    DROP FUNCTION IF EXISTS leadbell_intake_usage_entry(leadbell_batch_item);
    DROP FUNCTION IF EXISTS leadbell_batch_items(jsonb);
    DROP TYPE IF EXISTS leadbell_batch_item;
    ALTER TYPE leadbell_batch_item_wanted RENAME TO leadbell_batch_item;
  END IF;
END;
$$;
