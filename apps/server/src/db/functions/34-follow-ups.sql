-- What each lead that reaches the team gets besides its deliveries, when the worker's take meets
-- it or when it is released (leadbell_release_follow_ups): the leads that are not spam, not a test
-- and not held (the plan's limit covers every email a lead causes). Returns their jobs; the caller
-- queues them.
CREATE OR REPLACE FUNCTION leadbell_queue_follow_ups(p_leads notifications[])
RETURNS TABLE (job jsonb)
LANGUAGE plpgsql
AS $$
DECLARE
  v_leads notifications[] := ARRAY(SELECT n FROM unnest(p_leads) AS n
                                    WHERE NOT n.is_test AND NOT n.is_held AND n.lead_status <> 'spam');
BEGIN
  -- The visitor's acknowledgement (decision 047), for a flow with it on; after hours too. The job
  -- checks the address and the day's limit.
  RETURN QUERY
    SELECT jsonb_build_object('kind', 'acknowledge', 'notificationId', n.id)
      FROM unnest(v_leads) AS n
      CROSS JOIN LATERAL (SELECT f.acknowledgement_enabled FROM flows f WHERE f.id = n.flow_id OFFSET 0) f
     WHERE f.acknowledgement_enabled;

  -- Outgoing webhooks' lead.created (issue 27, decision 049): a delivery row per enabled endpoint
  -- subscribed to it (and to the lead's flow, when limited to one), with its first job. The lead's
  -- payload is read at the first attempt.
  RETURN QUERY
    WITH webhook_deliveries_queued AS (
      INSERT INTO webhook_deliveries (endpoint_id, entity_id, notification_id, event_type, occurred_at)
      SELECT e.id, n.entity_id, n.id, 'lead.created', n.created_at
        FROM unnest(v_leads) AS n
       CROSS JOIN LATERAL (SELECT e.id FROM webhook_endpoints e
                            WHERE e.entity_id = n.entity_id AND e.is_enabled AND 'lead.created' = ANY (e.events)
                              AND (e.flow_id IS NULL OR e.flow_id = n.flow_id) OFFSET 0) e
      RETURNING webhook_deliveries.id
    )
    SELECT jsonb_build_object('kind', 'webhook', 'deliveryId', q.id, 'attempt', 0) FROM webhook_deliveries_queued q;

  -- A real lead escalates at its response target from its timer's start (decision 025); a
  -- schedule that never opens has no timer.
  INSERT INTO lead_escalations (notification_id, stage, due_at)
  SELECT n.id, 1, n.response_started_at + make_interval(secs => n.response_target_seconds)
    FROM unnest(v_leads) AS n
   WHERE n.response_started_at IS NOT NULL AND n.response_target_seconds IS NOT NULL
  ON CONFLICT DO NOTHING;
END;
$$;
