import { and, eq } from 'drizzle-orm';
import { daysLeftIn, overageOf, allowsNotification, type Usage } from '@leadbell/shared/billing';
import { getPlan } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { entityUsage } from '../../db/schema/usage.ts';
import { getSeats } from '../team/seats.ts';
import { getBillingStateOrThrow } from './billing-state.ts';

/** This billing month's count against the plan in force, with overage and what is left. */
export async function getUsage(db: Database, entityId: string, now: Date): Promise<Usage> {
  const billing = await getBillingStateOrThrow(db, entityId, now);
  const [row] = await db
    .select({ count: entityUsage.notificationCount, heldCount: entityUsage.heldCount })
    .from(entityUsage)
    .where(and(eq(entityUsage.entityId, entityId), eq(entityUsage.periodStart, billing.period.start)));
  const count = row?.count ?? 0;
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
