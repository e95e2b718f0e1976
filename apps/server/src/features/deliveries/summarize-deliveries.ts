import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/**
 * What one notification's deliveries add up to (leadbell_delivery_counts, 37-delivery-counts.sql),
 * as a one-row subquery to join laterally on its id (`notificationId`, a column of the outer query),
 * so a read of notifications brings their summaries in the same statement.
 */
export function deliveryCountsOf(db: Database, notificationId: AnyPgColumn | SQL) {
  return db
    .select({
      delivered: sql<number>`counted.delivered`.as('delivered'),
      failed: sql<number>`counted.failed`.as('failed'),
      pending: sql<number>`counted.pending`.as('pending'),
      reason: sql<string | null>`counted.reason`.as('reason'),
    })
    .from(sql`leadbell_delivery_counts(${notificationId}) counted`)
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
