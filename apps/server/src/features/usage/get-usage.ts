import { sql } from 'drizzle-orm';
import { daysLeftIn, overageOf, allowsNotification, type Usage } from '@leadbell/shared/billing';
import { getPlan } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { getSeats } from '../team/seats.ts';
import { getBillingStateOrThrow } from '../../lib/billing-state.ts';
import { callMinutesUsed } from '../voice/call-minutes.ts';

/** This billing month's count against the plan in force, with overage and what is left. */
export async function getUsage(db: Database, entityId: string, now: Date): Promise<Usage> {
  const billing = await getBillingStateOrThrow(db, entityId, now);
  // The count and the held count in one statement, so both are of one moment.
  const { rows } = await db.execute<{ count: number; held_count: number | null }>(sql`
    select leadbell_usage_count(${entityId}::uuid, ${billing.period.start}::timestamptz) as count,
           (select held_count from entity_usage
             where entity_id = ${entityId} and period_start = ${billing.period.start}) as held_count`);
  const { count, held_count: heldCount } = rows[0]!;
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
    heldCount: heldCount ?? 0,
    seats: { used: seats.used, included: seats.included },
    callMinutes: {
      used: await callMinutesUsed(db, entityId, billing.period.start),
      included: getPlan(billing.plan).includedCallMinutes,
    },
  };
}
