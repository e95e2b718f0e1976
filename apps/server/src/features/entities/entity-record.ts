import { planInForce } from '@leadbell/shared/billing';
import type { Entity } from '@leadbell/shared/entities';
import type { entities } from '../../db/schema/entities.ts';

/** The entity as clients see it at `now`: a pending plan whose month has started is the plan. */
export function toEntity(row: typeof entities.$inferSelect, now: Date): Entity {
  const state = row.plan
    ? planInForce({ plan: row.plan, pendingPlan: row.pendingPlan, pendingPlanFrom: row.pendingPlanFrom }, now)
    : { plan: null, pendingPlan: null, pendingPlanFrom: null };
  return {
    id: row.id,
    name: row.name,
    plan: state.plan,
    pendingPlan: state.pendingPlan,
    pendingPlanFrom: state.pendingPlanFrom?.toISOString() ?? null,
    defaultCountry: row.defaultCountry,
    timeZone: row.timeZone,
    businessHours: row.businessHours ?? null,
    replyToEmail: row.replyToEmail,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  };
}
