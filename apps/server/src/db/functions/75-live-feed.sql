-- The live consoles' reads, which every lead runs while its business has a console open, planned
-- once per connection (90-planned-once.sql). Sent as statements they were planned again at every
-- read, half a millisecond a lead, more than their running: a plan made for an unknown number of
-- entities is priced for a hundred, so the plan made for the one a read asks for always looked
-- cheaper and PostgreSQL never kept one (issue 45; 2.76 M instructions a lead then, 0.79 M now).

-- The consoles' read of new leads (list-notifications-after.ts).
-- For each entity (p_entity_ids, each after its position in p_after_seqs), its next leads, at most
-- p_batch, oldest first: each whole, with whether its position is final (decision 061; past the
-- first that is not, a transaction still running may yet commit a lead with a lower position) and
-- its deliveries' counts. Spam never reaches a console live (decision 039), nor a deleted lead on a
-- catch-up; their positions are skipped like any other. STABLE: one snapshot for all of it, the
-- final positions' included.
CREATE OR REPLACE FUNCTION leadbell_live_notifications_after(p_entity_ids uuid[], p_after_seqs bigint[], p_batch integer)
RETURNS TABLE (lead notifications, is_final boolean, delivered integer, failed integer, pending integer, reason text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT l.lead, (l.lead).seq < (SELECT leadbell_final_positions_below()), c.delivered, c.failed, c.pending, c.reason
    FROM unnest(p_entity_ids, p_after_seqs) AS wanted (entity_id, after_seq)
   CROSS JOIN LATERAL (SELECT n AS lead FROM notifications n
                        WHERE n.entity_id = wanted.entity_id AND n.seq > wanted.after_seq
                          AND n.lead_status <> 'spam' AND n.deleted_at IS NULL
                        ORDER BY n.seq
                        LIMIT p_batch) l
   CROSS JOIN LATERAL leadbell_delivery_counts((l.lead).id) c;
END;
$$;

-- Where each lead's deliveries stand now (get-delivery-events.ts), for the live consoles of its
-- entity after a delivery of it ended: every delivered lead runs it, so it is planned once per
-- connection too. A lead that is gone, or not of the entity named for it, is left out.
CREATE OR REPLACE FUNCTION leadbell_live_delivery_events(p_ids uuid[], p_entity_ids uuid[])
RETURNS TABLE (id uuid, flow_id uuid, delivered integer, failed integer, pending integer, reason text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT n.id, n.flow_id, c.delivered, c.failed, c.pending, c.reason
    FROM unnest(p_ids, p_entity_ids) AS asked (id, entity_id)
   -- By primary key alone (OFFSET 0 keeps the entity's condition out of the look-up): on a young
   -- database's statistics a plan read an index of the entity's instead.
   CROSS JOIN LATERAL (SELECT n.id, n.flow_id, n.entity_id FROM notifications n WHERE n.id = asked.id OFFSET 0) n
   CROSS JOIN LATERAL leadbell_delivery_counts(n.id) c
   WHERE n.entity_id = asked.entity_id;
END;
$$;
