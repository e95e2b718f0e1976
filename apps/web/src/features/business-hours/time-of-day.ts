/** Whether `locale` (the browser's, when left out) writes times on a 12-hour clock: en-US does, en-GB, fr and de do not. */
export function usesTwelveHourClock(locale?: string): boolean {
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h11' || hourCycle === 'h12';
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// A week's selects format a few thousand times; building a formatter costs more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      hour: usesTwelveHourClock(locale) ? 'numeric' : '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A stored time of day (`17:30`, `24:00`) as the viewer's locale writes it: `17:30` on a 24-hour
 * clock, `5:30 PM` on a 12-hour one. `24:00` reads as `Midnight`, which both clocks would write as
 * the start of the day.
 */
export function formatTimeOfDay(time: string, locale?: string): string {
  if (time === '24:00') return 'Midnight';
  const minutes = minutesOf(time);
  return formatterFor(locale).format(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60));
}

export type TimeOfDayOption = { value: string; label: string };

/**
 * The times a select offers, every `stepMinutes`: openings from 00:00, closings until 24:00
 * (midnight; a closing at 00:00 would close before it opens). A saved time off the steps (set
 * through the API: 08:50) is kept in its place, so the select always shows what is saved.
 */
export function timeOfDayOptions(
  kind: 'open' | 'close',
  { current, stepMinutes = 15, locale }: { current?: string; stepMinutes?: number; locale?: string } = {},
): TimeOfDayOption[] {
  const first = kind === 'open' ? 0 : stepMinutes;
  const last = kind === 'open' ? 24 * 60 - stepMinutes : 24 * 60;
  const values = new Set<string>();
  for (let minutes = first; minutes <= last; minutes += stepMinutes) values.add(timeOf(minutes));
  if (current && /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/.test(current)) values.add(current);
  return [...values]
    .sort((a, b) => minutesOf(a) - minutesOf(b))
    .map((value) => ({ value, label: formatTimeOfDay(value, locale) }));
}
