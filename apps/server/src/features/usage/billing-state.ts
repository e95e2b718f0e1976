import { eq } from 'drizzle-orm';
import { billingPeriodOf, planInForce, type BillingPeriod, type PlanState } from '@leadbell/shared/billing';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';

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

export async function getBillingStateOrThrow(db: Database, entityId: string, now: Date): Promise<BillingState> {
  const [row] = await db.select(billingColumns).from(entities).where(eq(entities.id, entityId));
  if (!row) throw new AppError('not_found', 'Entity not found.');
  return billingStateOf(row, now);
}
