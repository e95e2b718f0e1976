import { getPlan } from '@leadbell/shared/plans';
import { AppError } from '../../http/app-error.ts';
import type { BillingState } from './billing-state.ts';

const formatDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The refusal of a notification beyond what the plan in force allows this billing month. */
export function quotaExceededError(billing: BillingState, headers: Record<string, string> = {}): AppError {
  const plan = getPlan(billing.plan);
  return new AppError(
    'quota_exceeded',
    `This month's ${plan.includedNotifications} notifications on the ${plan.title} plan are used up. ` +
      `The count restarts on ${formatDay.format(billing.period.end)}; a larger plan chosen on the Account page starts then.`,
    { headers },
  );
}
