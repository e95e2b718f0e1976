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
