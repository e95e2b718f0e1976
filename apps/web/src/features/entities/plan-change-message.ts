import type { Entity } from '@leadbell/shared/entities';
import { getPlan } from '@leadbell/shared/plans';

type PlanState = Pick<Entity, 'plan' | 'pendingPlan'>;

/**
 * What a plan change did, from the entity before and after it; null when a change is now pending,
 * which the form shows (with its start date and a way to cancel) anyway.
 */
export function planChangeMessage(before: PlanState, after: PlanState): string | null {
  if (after.pendingPlan) return null;
  const title = after.plan ? getPlan(after.plan).title : 'no';
  if (before.pendingPlan && after.plan === before.plan) return `Change cancelled: you stay on ${title}.`;
  return `You’re on the ${title} plan.`;
}
