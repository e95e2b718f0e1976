-- Taking accepted leads in (decision 064): from lead_intake, where the accept left them, into
-- notifications, where everything else reads them.

-- The leads' rows, by primary key lead by lead (OFFSET 0 keeps the lookup inside the lateral
-- join, so no plan reads notifications any other way). PL/pgSQL, not SQL: before PostgreSQL 18 a
-- SQL function's query is planned on every call (0.2 ms of each take on PostgreSQL 15), where
-- PL/pgSQL keeps its plan for the connection.
CREATE OR REPLACE FUNCTION leadbell_leads_by_id(p_ids uuid[]) RETURNS notifications[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ARRAY(SELECT found.lead
                 FROM unnest(p_ids) AS lead (id)
                CROSS JOIN LATERAL (SELECT n FROM notifications n WHERE n.id = lead.id OFFSET 0) AS found (lead));
END;
$$;

-- Moves accepted leads from lead_intake into notifications (decision 064): the take's own leads
-- first thing in the take, a business's before a read of its leads, a held lead at once. Rows are
-- locked in id order, whoever moves them, so two movers never deadlock; one waits for the other
-- and then finds its rows gone. A lead whose flow (or business) was deleted meanwhile goes with it,
-- as the cascade would have taken it from notifications. Each takes a position of its own in the
-- moving transaction's block (decision 061): a live stream could have passed the accept's. With
-- p_announce, the businesses' live consoles are told when the move commits.
CREATE OR REPLACE FUNCTION leadbell_take_in_leads(p_ids uuid[], p_announce boolean) RETURNS void
LANGUAGE plpgsql
-- Without JIT: notification_positions' only plan is a scan that enable_seqscan = off
-- (90-planned-once.sql) prices past jit_above_cost, and PostgreSQL 15 with LLVM compiled that
-- one-row read for 185 ms.
SET jit = off
AS $$
DECLARE
  v_entities text[];
  v_block bigint;
  v_first_value bigint;
BEGIN
  -- Positions as leadbell_next_position gives them (the column's default), without its call per
  -- lead: the transaction's block plus the sequence's distance from the transaction's first value,
  -- which that call records when it is the transaction's first.
  PERFORM leadbell_next_position();
  v_block := (SELECT leadbell_position_block(p) FROM notification_positions p);
  v_first_value := split_part(current_setting('leadbell.first_position'), ' ', 2)::bigint;
  WITH locked AS (
    SELECT i.id FROM lead_intake i WHERE i.id = ANY (p_ids) ORDER BY i.id FOR UPDATE
  ), moved AS (
    -- By the ids too, so that the rows are found by their key however the join is planned: with
    -- a backlog's statistics, a plan read lead_intake whole for each take (issue 45).
    DELETE FROM lead_intake i USING locked l WHERE i.id = ANY (p_ids) AND i.id = l.id RETURNING i.*
  ), inserted AS (
    INSERT INTO notifications (seq, id, entity_id, flow_id, title, message, url, data, is_test, is_held, source,
                               page_url, shortened_fields, is_after_hours, response_started_at, response_target_seconds,
                               lead_status, spam_reasons, message_fingerprint, sender_fingerprint, fill_token,
                               referrer, attribution, traffic_source, created_at, test_sent_by, is_public)
    -- nextval is volatile, so PostgreSQL evaluates it after the sort: positions in accepted order.
    SELECT v_block + nextval('notifications_seq_seq') - v_first_value,
           m.id, m.entity_id, m.flow_id, m.title, m.message, m.url, m.data, m.is_test, m.is_held, m.source, m.page_url,
           m.shortened_fields, m.is_after_hours, m.response_started_at, m.response_target_seconds,
           m.lead_status, m.spam_reasons, m.message_fingerprint, m.sender_fingerprint, m.fill_token,
           m.referrer, m.attribution, m.traffic_source, m.created_at, m.test_sent_by, m.is_public
      FROM moved m
     -- By the flow's key (OFFSET 0 keeps the look-up a look-up): as a join, a plan made on a young
     -- database read every flow of the installation for each take (issue 45).
     WHERE EXISTS (SELECT FROM flows f WHERE f.id = m.flow_id AND f.entity_id = m.entity_id OFFSET 0)
     ORDER BY m.accepted_position
    RETURNING notifications.entity_id
  )
  SELECT coalesce(array_agg(DISTINCT i.entity_id::text), '{}') INTO v_entities FROM inserted i;
  IF p_announce AND cardinality(v_entities) > 0 THEN
    -- The payload notification-hub.ts reads: ids separated by spaces, 200 a NOTIFY, which holds at
    -- most 8,000 bytes.
    PERFORM pg_notify('leadbell_notifications', array_to_string(v_entities[chunk * 200 + 1 : chunk * 200 + 200], ' '))
       FROM generate_series(0, (cardinality(v_entities) - 1) / 200) AS chunk;
  END IF;
END;
$$;

-- A business's accepted leads that no take has moved yet, moved before a console or API read of
-- its leads (leadbell_take_in_leads), so the read shows every lead that got its 202. A read never
-- fails for the move: should a lead not move for what is in it, the read goes on without it, and
-- the take that meets it sets its batch aside (decision 062).
CREATE OR REPLACE FUNCTION leadbell_take_in_entity_leads(p_entity_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- lead_intake holds only what the takes have yet to move, so it is read whole: an index on the
  -- business would cost every accepted lead a second index entry.
  PERFORM leadbell_take_in_leads(ARRAY(SELECT i.id FROM lead_intake i WHERE i.entity_id = p_entity_id), true);
EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
  RAISE WARNING 'leads of entity % could not be taken in: % %', p_entity_id, SQLSTATE, SQLERRM;
END;
$$;
