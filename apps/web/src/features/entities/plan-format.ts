import type { Plan } from '@leadbell/shared/plans';

const NUMBER = new Intl.NumberFormat('en-US');

/** `Free` or `$9/month` (prices are USD, excluding taxes). */
export function formatPlanPrice(plan: Pick<Plan, 'priceUsd'>): string {
  if (plan.priceUsd === 0) return 'Free';
  const amount = Number.isInteger(plan.priceUsd) ? String(plan.priceUsd) : plan.priceUsd.toFixed(2);
  return `$${amount}/month`;
}

/** `1,000 notifications / month` */
export function formatIncludedNotifications(plan: Pick<Plan, 'includedNotifications'>): string {
  return `${NUMBER.format(plan.includedNotifications)} notifications / month`;
}

/** `1 user` or `3 users` */
export function formatIncludedUsers(plan: Pick<Plan, 'includedUsers'>): string {
  return `${plan.includedUsers} ${plan.includedUsers === 1 ? 'user' : 'users'}`;
}

/** `500 text messages (SMS) a month`, or `No text messages`: what /pricing and the plan picker say alike. */
export function formatIncludedSms(plan: Pick<Plan, 'includedSms'>): string {
  return plan.includedSms === 0 ? 'No text messages' : `${NUMBER.format(plan.includedSms)} text messages (SMS) a month`;
}

/** `$0.02 per extra notification`, or a note that the plan stops at its volume. */
export function formatOverage(plan: Pick<Plan, 'overageUsd'>): string {
  if (plan.overageUsd === null) return 'No extra notifications';
  return `$${plan.overageUsd.toFixed(2)} per extra notification`;
}
