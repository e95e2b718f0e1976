import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DeliverySummary } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';

type DeliveryCounts = { delivered: number; failed: number; pending: number; reason: string | null };

/**
 * `delivered` once any device or mailbox got it, `failed` once every target failed, `accepted`
 * otherwise: still pending, or nobody to deliver to (no devices, no email).
 */
export function toDeliverySummary({ delivered, failed, pending, reason }: DeliveryCounts): DeliverySummary {
  const state = delivered > 0 ? 'delivered' : failed > 0 && pending === 0 ? 'failed' : 'accepted';
  return { state, delivered, failed, pending, reason };
}

/**
 * What one notification's deliveries add up to, as a one-row subquery to join laterally on its id
 * (`notificationId`, a column of the outer query), so a read of notifications brings their
 * summaries in the same statement. A notification without deliveries gets zeros.
 */
export function deliveryCountsOf(db: Database, notificationId: AnyPgColumn | SQL) {
  return db
    .select({
      delivered: sql<number>`count(*) filter (where ${deliveries.status} = 'delivered')::int`.as('delivered'),
      failed: sql<number>`count(*) filter (where ${deliveries.status} = 'failed')::int`.as('failed'),
      pending: sql<number>`count(*) filter (where ${deliveries.status} = 'pending')::int`.as('pending'),
      // The newest error of a target not delivered: a retry's cause while pending, the last word once failed.
      reason: sql<string | null>`(array_agg(${deliveries.lastError} order by ${deliveries.updatedAt} desc)
        filter (where ${deliveries.status} <> 'delivered' and ${deliveries.lastError} is not null))[1]`.as('reason'),
    })
    .from(deliveries)
    .where(eq(deliveries.notificationId, notificationId))
    .as('delivery_counts');
}

/** Delivery summaries of several notifications in one query; every id asked for gets one. */
export async function summarizeDeliveries(
  db: Database,
  notificationIds: string[],
): Promise<Map<string, DeliverySummary>> {
  if (notificationIds.length === 0) return new Map();
  const counts = deliveryCountsOf(db, sql`asked.id`);
  const rows = await db
    .select({
      id: sql<string>`asked.id`,
      delivered: counts.delivered,
      failed: counts.failed,
      pending: counts.pending,
      reason: counts.reason,
    })
    .from(sql`unnest(${sql.param(notificationIds)}::uuid[]) as asked(id)`)
    .innerJoinLateral(counts, sql`true`);
  return new Map(rows.map((row) => [row.id, toDeliverySummary(row)]));
}
