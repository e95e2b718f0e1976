import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { textField } from './fields.ts';

/** Weekdays as `Date.getDay()` numbers them, Sunday first. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME_MESSAGE = 'Use a time like 09:00 (00:00 to 24:00).';
const TimeOfDaySchema = z.string({ error: TIME_MESSAGE }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, TIME_MESSAGE);

/** One opening on one day, local time; `24:00` closes at midnight. Overnight hours are two days' intervals. */
export const OpeningSchema = z
  .object({ open: TimeOfDaySchema, close: TimeOfDaySchema })
  .refine((opening) => opening.open < opening.close, { error: 'Closing must be after opening.', path: ['close'] });
export type Opening = z.infer<typeof OpeningSchema>;

/** The most closures a schedule keeps; past ones can be removed to add more. */
export const MAX_CLOSURES = 50;
/** The longest closure, in days: a longer one is more likely a typed year than a real closure. */
export const MAX_CLOSURE_DAYS = 366;
const DAY_MS = 86_400_000;
const DATE_MESSAGE = 'Use a real date, like 2026-12-25.';

/** Whether `value` is a `YYYY-MM-DD` day that exists on the calendar (no 30 February). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Date parsing rolls 2026-02-30 over to 2 March instead of refusing it.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from one calendar date to another (`2026-12-25` to `2026-12-26` is 1). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const CalendarDateSchema = z
  .string({ error: DATE_MESSAGE })
  .min(1, { error: 'Choose a date.', abort: true })
  .refine(isCalendarDate, DATE_MESSAGE);

/**
 * Days the business is closed all day, in its time zone (decision 044): `from` to `to`, both
 * included; without `to`, the one day `from`. The weekly hours apply again the day after `to`.
 */
export const ClosureSchema = z
  .object({
    from: CalendarDateSchema,
    to: CalendarDateSchema.optional(),
    /** What the team reads beside the dates: "Christmas". */
    label: textField({ max: [60, 'Keep the label to 60 characters.'] }).optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    if (to === undefined) return;
    const days = daysBetween(from, to);
    if (days < 0)
      ctx.addIssue({ code: 'custom', message: 'The last day must be on or after the first.', path: ['to'] });
    else if (days >= MAX_CLOSURE_DAYS)
      ctx.addIssue({ code: 'custom', message: 'A closure can last a year at most.', path: ['to'] });
  });
export type Closure = z.infer<typeof ClosureSchema>;

/**
 * A week of openings (a day without any is closed) and the dated closures that override it.
 * `closures` came later (decision 044): schedules stored without it read as having none.
 */
export const WeeklyScheduleSchema = z.object({
  ...(Object.fromEntries(
    WEEKDAYS.map((day) => [day, z.array(OpeningSchema).max(4, 'At most 4 openings a day.')]),
  ) as Record<Weekday, z.ZodArray<typeof OpeningSchema>>),
  closures: z
    .array(ClosureSchema)
    .max(MAX_CLOSURES, `At most ${MAX_CLOSURES} closures: remove past ones to add more.`)
    .optional(),
});
export type WeeklySchedule = z.infer<typeof WeeklyScheduleSchema>;

/** True for an IANA time zone name this runtime knows (`Europe/London`, `America/New_York`…). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string({ error: 'Choose a time zone.' })
  .refine(isTimeZone, 'Choose a time zone, like Europe/London.');

/** An entity's hours (decision 025): `schedule` null means always open. */
export const BusinessHoursSchema = z.object({
  timeZone: TimeZoneSchema,
  schedule: WeeklyScheduleSchema.nullable(),
});
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

/**
 * A member's quiet hours in the entity's zone; `start` after `end` crosses midnight (22:00 → 07:00).
 * Whether a moment falls in them is the server's SQL rule (leadbell_is_quiet_at, decision 079).
 */
export const QuietHoursSchema = z
  .object({ start: TimeOfDaySchema, end: TimeOfDaySchema })
  .refine((window) => window.start !== window.end, { error: 'Start and end must differ.', path: ['end'] });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** The instant a local day's time of day is at in `timeZone`; a time skipped by DST moves forward. */
function instantAt(day: TZDate, minutes: number, timeZone: string): Date {
  const local = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes, timeZone);
  return new Date(local.getTime());
}

/** A local day as `YYYY-MM-DD`, the form closures are written in. */
function calendarDateOf(day: TZDate): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The last day of the closures that cover `date` (the furthest, where they overlap), or null when none does. */
function closedUntil(closures: readonly Closure[] | undefined, date: string): string | null {
  let until: string | null = null;
  for (const { from, to = from } of closures ?? []) {
    if (from <= date && date <= to && (until === null || to > until)) until = to;
  }
  return until;
}

/** Whether the business is open at `at`: within the day's hours, and not on a closure day, in its zone. */
export function isOpenAt({ timeZone, schedule }: BusinessHours, at: Date): boolean {
  if (!schedule) return true;
  const local = new TZDate(at, timeZone);
  if (closedUntil(schedule.closures, calendarDateOf(local)) !== null) return false;
  const minute = local.getHours() * 60 + local.getMinutes();
  return schedule[WEEKDAYS[local.getDay()]!].some(
    (opening) => minutesOf(opening.open) <= minute && minute < minutesOf(opening.close),
  );
}

/**
 * The first moment at or after `from` when the business is open: `from` itself when it is open,
 * else the next opening in its zone (DST included), skipping closure days. Null when the schedule
 * has no opening at all.
 */
export function nextOpeningAt(hours: BusinessHours, from: Date): Date | null {
  if (isOpenAt(hours, from)) return from;
  const { timeZone, schedule } = hours;
  if (!schedule) return from;
  const start = new TZDate(from, timeZone);
  const closures = schedule.closures ?? [];
  // A week and a day of days that are not closed finds any weekly opening; every closure can hide
  // at most one more week's worth of them (an opening weekday closed once more).
  const daysToCheck = 8 + 7 * closures.length;
  for (let offset = 0, checked = 0; checked < daysToCheck; offset += 1) {
    const day = new TZDate(start.getFullYear(), start.getMonth(), start.getDate() + offset, timeZone);
    const date = calendarDateOf(day);
    const until = closedUntil(closures, date);
    if (until !== null) {
      // Straight to the closure's last day; the loop moves on to the day after it.
      offset += daysBetween(date, until);
      continue;
    }
    checked += 1;
    const openings = [...schedule[WEEKDAYS[day.getDay()]!]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (const opening of openings) {
      const opensAt = instantAt(day, minutesOf(opening.open), timeZone);
      if (opensAt >= from) return opensAt;
    }
  }
  return null;
}

/** The default schedule the console offers: Monday to Friday, 09:00 to 17:00. */
export const WEEKDAY_OFFICE_HOURS: WeeklySchedule = {
  sun: [],
  mon: [{ open: '09:00', close: '17:00' }],
  tue: [{ open: '09:00', close: '17:00' }],
  wed: [{ open: '09:00', close: '17:00' }],
  thu: [{ open: '09:00', close: '17:00' }],
  fri: [{ open: '09:00', close: '17:00' }],
  sat: [],
};
