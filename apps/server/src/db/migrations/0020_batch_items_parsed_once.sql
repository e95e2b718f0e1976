-- Issue 23: a batch's items are parsed from JSON once, into an array of this type, where every
-- statement of the accept function used to parse the JSON again. The functions that took or
-- returned the JSON form are dropped; db/functions/accept-notifications.sql creates them again.
DROP FUNCTION IF EXISTS leadbell_accept_notifications(jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS leadbell_batch_items(jsonb);--> statement-breakpoint
CREATE TYPE leadbell_batch_item AS (
  item integer,
  entity_id uuid,
  api_key_id uuid,
  allowed_origins text[],
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
  -- A form's lead: held (stored, not delivered) past the plan's limit rather than refused, up to
  -- held_limit a month.
  hold_over_limit boolean,
  held_limit integer,
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
  -- Decision 039: the request's verdict, its signals (each code and its points) and the hashes of
  -- its message and sender; null signals for a test, which is never judged.
  is_spam boolean,
  spam_reasons jsonb,
  message_fingerprint text,
  sender_fingerprint text,
  -- The nonce of a genuine fill-time token, for the worker to tell a second use.
  fill_token text,
  entity_lock bigint
);
