-- A connection's first lead costs what its ten-thousandth does (issue 45, decision 090).
-- PostgreSQL compiles a PL/pgSQL function, loads the catalog entries of the tables it reads and
-- makes its statements' plans once per connection, on the first call: 16–24 ms for a
-- connection's first accept batch and 50–83 ms for its first take on this machine kind, against
-- 1.4 and 6 ms after. A fresh server's first second of leads paid it on every connection the pools
-- opened under that load. Each connection the server's pools open runs this first, in a
-- transaction that is rolled back (db/client.ts): every function of the part of the lead's path its
-- pool runs, called with nothing to do, so each statement is planned (generic plans, which the
-- inputs do not change: 90-planned-once.sql) and nothing is written but the sequences' values a
-- rolled-back insert still takes. Limits of 0 take and lock no row another process waits for. A
-- function on the lead's path belongs here, in the part of the pool that calls it.
-- The parts (decision 091): `accept`, the request pool's (before the 202); `take`, the worker's
-- (the take, what it does with its leads, the settle); `deliver`, the worker's and the channels'
-- (a lane's claim, the record of an attempt). A request connection that planned the take as well
-- cost four times what it uses: 56 ms against 13 for each connection opened under load.
DROP FUNCTION IF EXISTS leadbell_warm_up();
CREATE OR REPLACE FUNCTION leadbell_warm_up(p_parts text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  -- No lead or delivery has this id (theirs are random): the steps past a take's "any leads?"
  -- check run every statement and find nothing to change.
  v_none constant uuid[] := ARRAY['00000000-0000-0000-0000-000000000000'::uuid];
  v_lead constant jsonb := '{"name": "Ann Lee", "message": "Is it still available?"}';
BEGIN
  IF 'accept' = ANY (p_parts) THEN
    -- Before the 202: an accept batch of no items, and the plan count of a business that is not there.
    PERFORM leadbell_accept_batch('[]', 1, 1, 'leadbell_warm_up', '', 'leadbell_warm_up');
    PERFORM leadbell_intake_usage_entry(NULL), leadbell_usage_count(v_none[1], now());
  END IF;
  IF 'take' = ANY (p_parts) THEN
    -- The take (30-take.sql) with a limit of 0, then what it does with the leads it takes, for a
    -- lead that is not there, and the content model's scoring of a message (32-spam-verdict.sql).
    PERFORM leadbell_take_outbox(0, 0, 0, 0, '{}');
    PERFORM leadbell_ring_taken_leads(v_none, '[]', '[]', 1, 0, 0, '{}');
    PERFORM leadbell_spam_log_odds(v_none[1], leadbell_spam_tokens(v_lead), 1), leadbell_language_of(v_lead);
    -- The verdict judges lead by lead, so the lead that is not there leaves its look-ups unplanned:
    -- a made-up open lead, public, with a fill-time token and fingerprints, has every one of them
    -- run. With no threshold in the settings ('{}'), nothing is quarantined.
    PERFORM leadbell_judge_spam('{}', ARRAY[jsonb_populate_record(NULL::notifications, jsonb_build_object(
              'id', v_none[1], 'entity_id', v_none[1], 'flow_id', v_none[1], 'seq', 0, 'created_at', now(),
              'lead_status', 'open', 'spam_reasons', '[]'::jsonb, 'is_public', true, 'data', v_lead,
              'fill_token', 'warm-up', 'message_fingerprint', 'warm-up', 'sender_fingerprint', 'warm-up'))],
                                '[]', '{}');
    -- The settle (36-settle.sql), of no rows and then of a lead that is not there.
    PERFORM leadbell_settle_leads(0, '{}');
    PERFORM leadbell_settle_rows(jsonb_build_array(jsonb_build_object('notificationIds', to_jsonb(v_none), 'intakes', '[]'::jsonb)), '{}');
    -- The plan's count, which the settle's usage alerts read.
    PERFORM leadbell_usage_count(v_none[1], now());
  END IF;
  IF 'deliver' = ANY (p_parts) THEN
    -- A lane's claim of nothing, read as a lane reads it (find-delivery-targets.ts), and the
    -- record of an attempt at a delivery that is not there.
    PERFORM leadbell_delivery_targets(ARRAY(SELECT c.id FROM leadbell_claim_due_deliveries('push', 0, 0) c));
    PERFORM leadbell_record_settled_attempts(v_none, '{0}', '{delivered}', '{NULL}', '{201}', '{0}', v_none,
                                             'leadbell_warm_up', v_none, '{""}');
  END IF;
END;
$$;
