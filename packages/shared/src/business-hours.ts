import { TZDate } from '@date-fns/tz';
import { z } from 'zod';

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

/** A week of openings; a day without any is closed. */
export const WeeklyScheduleSchema = z.object(
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, z.array(OpeningSchema).max(4, 'At most 4 openings a day.')]),
  ) as Record<Weekday, z.ZodArray<typeof OpeningSchema>>,
);
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

/** A member's quiet hours in the entity's zone; `start` after `end` crosses midnight (22:00 → 07:00). */
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

/** Whether the business is open at `at`. */
export function isOpenAt({ timeZone, schedule }: BusinessHours, at: Date): boolean {
  if (!schedule) return true;
  const local = new TZDate(at, timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  return schedule[WEEKDAYS[local.getDay()]!].some(
    (opening) => minutesOf(opening.open) <= minute && minute < minutesOf(opening.close),
  );
}

/**
 * The first moment at or after `from` when the business is open: `from` itself when it is open,
 * else the next opening in its zone (DST included). Null when the schedule has no opening at all.
 */
export function nextOpeningAt(hours: BusinessHours, from: Date): Date | null {
  if (isOpenAt(hours, from)) return from;
  const { timeZone, schedule } = hours;
  if (!schedule) return from;
  const start = new TZDate(from, timeZone);
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = new TZDate(start.getFullYear(), start.getMonth(), start.getDate() + offset, timeZone);
    const openings = [...schedule[WEEKDAYS[day.getDay()]!]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (const opening of openings) {
      const opensAt = instantAt(day, minutesOf(opening.open), timeZone);
      if (opensAt >= from) return opensAt;
    }
  }
  return null;
}

/** Whether `at` falls in a member's quiet hours, read in the entity's zone. */
export function isQuietAt(quiet: QuietHours | null, timeZone: string, at: Date): boolean {
  if (!quiet) return false;
  const local = new TZDate(at, timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? start <= minute && minute < end : minute >= start || minute < end;
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
