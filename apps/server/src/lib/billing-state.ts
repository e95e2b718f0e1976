import { eq } from 'drizzle-orm';
import { billingPeriodOf, planInForce, type BillingPeriod, type PlanState } from '@leadbell/shared/billing';
import type { Database } from '../db/client.ts';
import { entities } from '../db/schema/entities.ts';
import { AppError } from '../http/app-error.ts';

export type BillingState = PlanState & { period: BillingPeriod };

type BillingColumns = Pick<typeof entities.$inferSelect, 'plan' | 'planSelectedAt' | 'pendingPlan' | 'pendingPlanFrom'>;

/** The columns billing is computed from, for callers that read them with other data. */
export const billingColumns = {
  plan: entities.plan,
  planSelectedAt: entities.planSelectedAt,
  pendingPlan: entities.pendingPlan,
  pendingPlanFrom: entities.pendingPlanFrom,
};

/** The plan in force and billing month at `now`; an entity without a plan has no billing. */
export function billingStateOf(row: BillingColumns, now: Date): BillingState {
  if (!row.plan || !row.planSelectedAt) throw new AppError('no_plan', 'Choose a plan first.');
  const state = planInForce(
    { plan: row.plan, pendingPlan: row.pendingPlan, pendingPlanFrom: row.pendingPlanFrom },
    now,
  );
  return { ...state, period: billingPeriodOf(row.planSelectedAt, now) };
}

/**
 * billingStateOf, remembered per row object for as long as its answer holds: until the billing
 * month ends or a pending plan starts. For a caller that asks again for every request about rows
 * it keeps (ingestion's remembered flows); a changed row is a new object, so it is worked out afresh.
 */
export function createBillingStateMemo<Row extends BillingColumns & object>(): (row: Row, now: Date) => BillingState {
  const remembered = new WeakMap<Row, { state: BillingState; from: number; until: number }>();
  return (row, now) => {
    const at = now.getTime();
    const known = remembered.get(row);
    if (known && known.from <= at && at < known.until) return known.state;
    const state = billingStateOf(row, now);
    const pendingFrom = row.pendingPlanFrom?.getTime() ?? Infinity;
    remembered.set(row, {
      state,
      from: Math.max(state.period.start.getTime(), pendingFrom <= at ? pendingFrom : -Infinity),
      until: Math.min(state.period.end.getTime(), pendingFrom > at ? pendingFrom : Infinity),
    });
    return state;
  };
}

export async function getBillingStateOrThrow(db: Database, entityId: string, now: Date): Promise<BillingState> {
  const [row] = await db.select(billingColumns).from(entities).where(eq(entities.id, entityId));
  if (!row) throw new AppError('not_found', 'Entity not found.');
  return billingStateOf(row, now);
}
