import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { WebhookLead } from '@leadbell/shared/webhooks';

/** The lead as webhooks carry it, stored on its delivery; the console link is added when sent. */
export type WebhookLeadSnapshot = Omit<WebhookLead, 'url'>;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A jsonb expression of the lead `n` (joined with its flow `f`, claimer `c` and completer `d`) in
 * WebhookLeadSchema's shape: one place for the payload, used when an event is queued and when a
 * `lead.created` delivery is first sent.
 */
const SNAPSHOT = `jsonb_build_object(
  'id', n.id, 'flow', jsonb_build_object('id', f.id, 'name', f.name), 'status', n.lead_status,
  'title', n.title, 'message', n.message, 'data', coalesce(n.data, '{}'::jsonb), 'pageUrl', n.page_url,
  'referrer', n.referrer, 'trafficSource', n.traffic_source, 'test', n.is_test, 'createdAt', ${iso('n.created_at')},
  'claimedBy', CASE WHEN n.claimed_by IS NULL THEN NULL
                    ELSE jsonb_build_object('id', n.claimed_by, 'name', coalesce(c.name, 'Someone who left')) END,
  'claimedAt', ${iso('n.claimed_at')},
  'doneBy', CASE WHEN n.done_by IS NULL THEN NULL
                 ELSE jsonb_build_object('id', n.done_by, 'name', coalesce(d.name, 'Someone who left')) END,
  'doneAt', ${iso('n.done_at')},
  'outcome', CASE WHEN n.outcome IS NULL THEN NULL
                  ELSE jsonb_build_object('outcome', n.outcome, 'value', n.outcome_value::float8,
                                          'reason', n.outcome_reason, 'note', n.outcome_note,
                                          'at', ${iso('n.outcome_at')}) END)`;

/** `(select snapshot from the lead `leadId` of `entityId`)`, a subquery: null when it is gone. */
export function webhookLeadSnapshotSql(entityId: string | SQLWrapper, leadId: string | SQLWrapper): SQL {
  return sql`(select ${sql.raw(SNAPSHOT)}
                from notifications n
                join flows f on f.id = n.flow_id
                left join users c on c.id = n.claimed_by
                left join users d on d.id = n.done_by
               where n.id = ${leadId} and n.entity_id = ${entityId} and n.deleted_at is null)`;
}
