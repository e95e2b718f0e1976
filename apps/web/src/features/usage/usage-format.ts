import type { Usage } from '@leadbell/shared/billing';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const NUMBER = new Intl.NumberFormat('en-US');

/** Whole cents as dollars, e.g. `$12.34`; the server counts money in cents to avoid float drift. */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** `1,000` */
export function formatCount(count: number): string {
  return NUMBER.format(count);
}

/** `12 days left`, `1 day left`, or `Last day` when the month ends within the day. */
export function formatDaysLeft(days: number): string {
  if (days <= 0) return 'Last day';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

export type UsageTone = 'brand' | 'warning' | 'danger';

/**
 * How urgent the meter looks: red once Starter is stopped, amber from 80% of the included volume
 * (and while a paid plan runs into overage), brand colour otherwise.
 */
export function usageTone(usage: Pick<Usage, 'count' | 'included' | 'isLimitReached'>): UsageTone {
  if (usage.isLimitReached) return 'danger';
  if (usage.included > 0 && usage.count >= usage.included * 0.8) return 'warning';
  return 'brand';
}
