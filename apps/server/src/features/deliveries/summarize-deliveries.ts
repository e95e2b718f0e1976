import { sql } from 'drizzle-orm';
import type { DeliverySummary } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';

type DeliveryCounts = { delivered: number; failed: number; pending: number; reason: string | null };

/**
 * `delivered` once any device or mailbox got it, `failed` once every target failed, `accepted`
 * otherwise: still pending, or nobody to deliver to (no devices, no email).
 */
export function toDeliverySummary({ delivered, failed, pending, reason }: DeliveryCounts): DeliverySummary {
  const state = delivered > 0 ? 'delivered' : failed > 0 && pending === 0 ? 'failed' : 'accepted';
  return { state, delivered, failed, pending, reason };
}

const NO_DELIVERIES = toDeliverySummary({ delivered: 0, failed: 0, pending: 0, reason: null });

/** Delivery summaries of several notifications in one query; every id asked for gets one. */
export async function summarizeDeliveries(
  db: Database,
  notificationIds: string[],
): Promise<Map<string, DeliverySummary>> {
  const summaries = new Map(notificationIds.map((id) => [id, NO_DELIVERIES]));
  if (notificationIds.length === 0) return summaries;
  // The reason is the newest error of a target not delivered: a retry's cause while pending, the last word once failed.
  const { rows } = await db.execute<{
    notification_id: string;
    delivered: number;
    failed: number;
    pending: number;
    reason: string | null;
  }>(sql`
    select notification_id,
           count(*) filter (where status = 'delivered')::int as delivered,
           count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where status = 'pending')::int as pending,
           (array_agg(last_error order by updated_at desc) filter (where status <> 'delivered' and last_error is not null))[1] as reason
      from deliveries
     where notification_id = any(${sql.param(notificationIds)}::uuid[])
     group by notification_id`);
  for (const row of rows) summaries.set(row.notification_id, toDeliverySummary(row));
  return summaries;
}
