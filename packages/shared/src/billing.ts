import { z } from 'zod';
import { getPlan, PlanIdSchema, type PlanId } from './plans.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function addUtcMonths(anchor: Date, months: number): Date {
  const target = new Date(anchor);
  target.setUTCDate(1);
  target.setUTCMonth(anchor.getUTCMonth() + months);
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), daysInTarget));
  return target;
}

export type BillingPeriod = { start: Date; end: Date };

/**
 * The billing month containing `now`. Months run from the day the plan was chosen (spec section 9);
 * a plan chosen on the 31st renews on the last day of shorter months.
 */
export function billingPeriodOf(anchor: Date, now: Date): BillingPeriod {
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth();
  if (addUtcMonths(anchor, months) > now) months -= 1;
  months = Math.max(months, 0);
  return { start: addUtcMonths(anchor, months), end: addUtcMonths(anchor, months + 1) };
}

/** Whole days left in the period, counting a started day as left. */
export function daysLeftIn(period: BillingPeriod, now: Date): number {
  return Math.max(0, Math.ceil((period.end.getTime() - now.getTime()) / DAY_MS));
}

/** The most notifications a plan accepts in a billing month; null when it keeps accepting (overage). */
export function notificationLimitOf(planId: PlanId): number | null {
  const plan = getPlan(planId);
  return plan.overageUsd === null ? plan.includedNotifications : null;
}

/** Whether a plan accepts the `count`-th notification of a billing month: only Starter stops at its volume. */
export function allowsNotification(planId: PlanId, count: number): boolean {
  const limit = notificationLimitOf(planId);
  return limit === null || count <= limit;
}

/** Notifications beyond the included volume and what they cost, in whole cents to avoid float drift. */
export function overageOf(planId: PlanId, count: number): { count: number; cents: number } {
  const plan = getPlan(planId);
  const over = Math.max(0, count - plan.includedNotifications);
  return { count: over, cents: plan.overageUsd === null ? 0 : Math.round(over * plan.overageUsd * 100) };
}

export type PlanState = { plan: PlanId; pendingPlan: PlanId | null; pendingPlanFrom: Date | null };

/** The plan in force at `now`: a pending change takes over once its billing month has started. */
export function planInForce(state: PlanState, now: Date): PlanState {
  if (state.pendingPlan && state.pendingPlanFrom && state.pendingPlanFrom <= now)
    return { plan: state.pendingPlan, pendingPlan: null, pendingPlanFrom: null };
  return state;
}

/** Test notifications an entity may send in a billing month; they are never billed. */
export const TEST_NOTIFICATIONS_PER_MONTH = 100;
/** Admins are emailed once a month when the count reaches these shares of the included volume. */
export const USAGE_ALERT_PERCENTS = [80, 100] as const;

export const UsageSchema = z.object({
  plan: PlanIdSchema,
  /** A smaller plan chosen after onboarding starts with the next billing month (decision 040). */
  pendingPlan: PlanIdSchema.nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  daysLeft: z.number().int(),
  count: z.number().int(),
  included: z.number().int(),
  overageCount: z.number().int(),
  overageCents: z.number().int(),
  isLimitReached: z.boolean(),
  /** Form leads held this month (not delivered) until a larger plan is chosen. */
  heldCount: z.number().int(),
  /** People the plan's users count (members and pending invitations) and how many it includes. */
  seats: z.object({ used: z.number().int(), included: z.number().int() }),
  /** Minutes of lead phone calls this month and how many the plan includes (issue 50). */
  callMinutes: z.object({ used: z.number().int(), included: z.number().int() }),
});
export type Usage = z.infer<typeof UsageSchema>;
