-- What one notification's deliveries add up to, for every read that shows a lead's delivery
-- (summarize-deliveries.ts turns it into the lead's state): how many were delivered, failed and
-- are still pending, and the newest error of a target not delivered (a retry's cause while
-- pending, the last word once failed). One row; zeros for a lead without deliveries. SQL, STABLE
-- and not STRICT: PostgreSQL inlines it where it is joined, as if its query were written there.
CREATE OR REPLACE FUNCTION leadbell_delivery_counts(p_notification_id uuid)
RETURNS TABLE (delivered integer, failed integer, pending integer, reason text)
LANGUAGE sql STABLE AS $$
  SELECT count(*) FILTER (WHERE d.status = 'delivered')::integer,
         count(*) FILTER (WHERE d.status = 'failed')::integer,
         count(*) FILTER (WHERE d.status = 'pending')::integer,
         (array_agg(d.last_error ORDER BY d.updated_at DESC)
            FILTER (WHERE d.status <> 'delivered' AND d.last_error IS NOT NULL))[1]
    FROM deliveries d
   WHERE d.notification_id = p_notification_id
$$;
