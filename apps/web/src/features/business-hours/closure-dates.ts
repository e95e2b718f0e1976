import type { Closure } from '@leadbell/shared/business-hours';

function utcOf(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Today's date (`YYYY-MM-DD`) in the business's zone, the calendar closures are written in. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whether the closure's last day is before `today`: it no longer closes anything. */
export function isPastClosure({ from, to = from }: Pick<Closure, 'from' | 'to'>, today: string): boolean {
  return to < today;
}

/**
 * A closure's days as the viewer's locale writes them: `25 Dec` or `25–26 Dec` (en-GB),
 * `Dec 25 – 26` (en-US); the year only when it is not this year's or the range crosses into another.
 */
export function formatClosureDates(
  { from, to = from }: Pick<Closure, 'from' | 'to'>,
  { today, locale }: { today: string; locale?: string },
): string {
  const withYear = from.slice(0, 4) !== today.slice(0, 4) || to.slice(0, 4) !== from.slice(0, 4);
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(withYear && { year: 'numeric' }),
    timeZone: 'UTC',
  });
  return to === from ? format.format(utcOf(from)) : format.formatRange(utcOf(from), utcOf(to));
}
