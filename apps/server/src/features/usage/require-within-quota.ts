import { allowsNotification } from '@leadbell/shared/billing';
import { getPlan } from '@leadbell/shared/plans';
import { AppError } from '../../http/app-error.ts';
import type { BillingState } from './billing-state.ts';

const formatDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Refuses the `count`-th notification of the billing month when the plan stops there. Called
 * inside the accepting transaction after counting, so throwing also rolls the count back.
 */
export function requireWithinQuota(billing: BillingState, count: number): void {
  if (allowsNotification(billing.plan, count)) return;
  const plan = getPlan(billing.plan);
  throw new AppError(
    'quota_exceeded',
    `This month's ${plan.includedNotifications} notifications on the ${plan.title} plan are used up. ` +
      `The count restarts on ${formatDay.format(billing.period.end)}; a larger plan chosen on the Account page starts then.`,
  );
}
