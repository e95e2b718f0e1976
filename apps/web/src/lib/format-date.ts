/**
 * The console's one formatter per kind of time (issue 49): an instant (`formatDateTime`), a day
 * (`formatDate`), a time of day (`formatTime`) and how long ago (`formatRelativeTime`), each in the
 * viewer's locale (day and month order, 12- or 24-hour clock) and zone. Only the notifications
 * table keeps the spec's own format (`formatNotificationTime`).
 */
export type DateFormatOptions = {
  /** A BCP 47 locale; the browser's by default. */
  locale?: string;
  /** An IANA zone; the browser's by default. */
  timeZone?: string;
};

function dateOf(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and a busy list formats hundreds of times: one per shape. */
function formatterOf(kind: string, { locale, timeZone }: DateFormatOptions, options: Intl.DateTimeFormatOptions) {
  const key = `${kind} ${locale ?? ''} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An instant: `29 Nov 2026, 14:05` (en-GB), `Nov 29, 2026, 2:05 PM` (en-US). */
export function formatDateTime(value: string | Date, options: DateFormatOptions = {}): string {
  const date = dateOf(value);
  if (!date) return '—';
  return formatterOf('date-time', options, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A day, for columns where the time is noise: `29 Nov 2026`, `Nov 29, 2026`. */
export function formatDate(value: string | Date, options: DateFormatOptions = {}): string {
  const date = dateOf(value);
  if (!date) return '—';
  return formatterOf('date', options, { dateStyle: 'medium' }).format(date);
}

/** A time of day on the viewer's clock: `09:05`, `9:05 AM`. */
export function formatTime(value: string | Date, options: DateFormatOptions = {}): string {
  const date = dateOf(value);
  if (!date) return '—';
  return formatterOf('time', options, { timeStyle: 'short' }).format(date);
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How long ago, short enough for a row: `just now` under a minute, `3 min ago`, `2 hr ago`,
 * `yesterday`, `4 days ago`; past a week, the day (formatDate).
 */
export function formatRelativeTime(
  value: string | Date,
  now: Date = new Date(),
  options: DateFormatOptions = {},
): string {
  const date = dateOf(value);
  if (!date) return '—';
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 60 * 60) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 24 * 60 * 60) return `${Math.floor(seconds / 3600)} hr ago`;
  if (seconds < 7 * 24 * 60 * 60) return RELATIVE.format(-Math.floor(seconds / 86_400), 'day');
  return formatDate(date, options);
}

/**
 * The notifications table's "Received At" as the spec words it: day-month-year with a 12-hour
 * clock, e.g. `21-11-2026 03:05 pm` (spec section 2). `timeZone` defaults to the browser's.
 */
export function formatNotificationTime(value: string | Date, timeZone?: string): string {
  const date = dateOf(value);
  if (!date) return '—';
  const parts = formatterOf(
    'notification',
    { locale: 'en-GB', timeZone },
    {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    },
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  // en-GB renders midnight as "00" under hour12 in some ICU versions; a 12-hour clock says 12.
  const hour = part('hour') === '00' ? '12' : part('hour').padStart(2, '0');
  const dayPeriod = part('dayPeriod').toLowerCase().replace(/\./g, '');
  return `${part('day')}-${part('month')}-${part('year')} ${hour}:${part('minute')} ${dayPeriod}`;
}
