/**
 * Formats an instant as day-month-year with a 12-hour clock, e.g. `21-11-2026 03:05 pm`
 * (spec section 2, notifications "Received At"). `timeZone` defaults to the browser's.
 */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  // en-GB renders midnight as "00" under hour12 in some ICU versions; a 12-hour clock says 12.
  const hour = part('hour') === '00' ? '12' : part('hour').padStart(2, '0');
  const dayPeriod = part('dayPeriod').toLowerCase().replace(/\./g, '');
  return `${part('day')}-${part('month')}-${part('year')} ${hour}:${part('minute')} ${dayPeriod}`;
}

/** Day-month-year only, e.g. `21-11-2026`, for columns where the time is noise. */
export function formatDate(value: string | Date, timeZone?: string): string {
  const formatted = formatDateTime(value, timeZone);
  return formatted === '—' ? formatted : formatted.slice(0, 10);
}

const RELATIVE_STEPS: [limitSeconds: number, unitSeconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [60 * 60, 60, 'minute'],
  [24 * 60 * 60, 60 * 60, 'hour'],
  [7 * 24 * 60 * 60, 24 * 60 * 60, 'day'],
];

/**
 * How long ago an instant was, e.g. `5 minutes ago`, `yesterday`, `3 days ago`; `just now` under a
 * minute; older than a week reads as the date (`21-11-2026`).
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date(), timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [limit, unitSeconds, unit] of RELATIVE_STEPS) {
    if (seconds < limit) return format.format(-Math.floor(seconds / unitSeconds), unit);
  }
  return formatDate(date, timeZone);
}
