import { and, eq, sql } from 'drizzle-orm';
import { daysLeftIn, overageOf, allowsNotification, type Usage } from '@leadbell/shared/billing';
import { getPlan } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { entityUsage } from '../../db/schema/usage.ts';
import { getSeats } from '../team/seats.ts';
import { getBillingStateOrThrow } from './billing-state.ts';

/**
 * An entity's count against its plan in the billing month from `periodStart`, with the counts
 * ingestion appended that the worker has not yet added in (decision 060).
 */
export async function countAgainstPlan(db: Database, entityId: string, periodStart: Date): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select leadbell_usage_count(${entityId}::uuid, ${periodStart}::timestamptz) as count`,
  );
  return rows[0]!.count;
}

/** This billing month's count against the plan in force, with overage and what is left. */
export async function getUsage(db: Database, entityId: string, now: Date): Promise<Usage> {
  const billing = await getBillingStateOrThrow(db, entityId, now);
  const count = await countAgainstPlan(db, entityId, billing.period.start);
  const [row] = await db
    .select({ heldCount: entityUsage.heldCount })
    .from(entityUsage)
    .where(and(eq(entityUsage.entityId, entityId), eq(entityUsage.periodStart, billing.period.start)));
  const seats = await getSeats(db, entityId, now);
  const overage = overageOf(billing.plan, count);
  return {
    plan: billing.plan,
    pendingPlan: billing.pendingPlan,
    periodStart: billing.period.start.toISOString(),
    periodEnd: billing.period.end.toISOString(),
    daysLeft: daysLeftIn(billing.period, now),
    count,
    included: getPlan(billing.plan).includedNotifications,
    overageCount: overage.count,
    overageCents: overage.cents,
    isLimitReached: !allowsNotification(billing.plan, count + 1),
    heldCount: row?.heldCount ?? 0,
    seats: { used: seats.used, included: seats.included },
  };
}
