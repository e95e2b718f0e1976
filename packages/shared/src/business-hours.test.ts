import { describe, expect, it } from 'vitest';
import {
  BusinessHoursSchema,
  isOpenAt,
  isQuietAt,
  nextOpeningAt,
  WEEKDAY_OFFICE_HOURS,
  type BusinessHours,
} from './business-hours.ts';

const LONDON: BusinessHours = { timeZone: 'Europe/London', schedule: WEEKDAY_OFFICE_HOURS };
const NEW_YORK: BusinessHours = { timeZone: 'America/New_York', schedule: WEEKDAY_OFFICE_HOURS };

describe('business hours', () => {
  it('always open without a schedule', () => {
    const always: BusinessHours = { timeZone: 'UTC', schedule: null };
    const at = new Date('2026-11-22T03:00:00Z');
    expect(isOpenAt(always, at)).toBe(true);
    expect(nextOpeningAt(always, at)).toEqual(at);
  });

  it('reads the hours in the entity’s zone', () => {
    // Monday 23 Nov 2026: 09:30 in London is 09:30Z (GMT); in New York it is 04:30, closed.
    const at = new Date('2026-11-23T09:30:00Z');
    expect(isOpenAt(LONDON, at)).toBe(true);
    expect(isOpenAt(NEW_YORK, at)).toBe(false);
    expect(nextOpeningAt(NEW_YORK, at)).toEqual(new Date('2026-11-23T14:00:00Z'));
  });

  it('a lead at 22:00 on a Friday waits for Monday 09:00', () => {
    const friday22 = new Date('2026-11-27T22:00:00Z');
    expect(isOpenAt(LONDON, friday22)).toBe(false);
    expect(nextOpeningAt(LONDON, friday22)).toEqual(new Date('2026-11-30T09:00:00Z'));
  });

  it('the spring-forward Sunday: London opens at 09:00 BST, 08:00 UTC', () => {
    const hours: BusinessHours = {
      ...LONDON,
      schedule: { ...WEEKDAY_OFFICE_HOURS, sun: [{ open: '09:00', close: '12:00' }] },
    };
    // Saturday 28 March 2026, 22:00 GMT; the clocks go forward at 01:00 on Sunday.
    expect(nextOpeningAt(hours, new Date('2026-03-28T22:00:00Z'))).toEqual(new Date('2026-03-29T08:00:00Z'));
  });

  it('the fall-back Sunday: London opens at 09:00 GMT, 09:00 UTC, an hour after the same wall time the day before', () => {
    const hours: BusinessHours = {
      ...LONDON,
      schedule: {
        ...WEEKDAY_OFFICE_HOURS,
        sat: [{ open: '09:00', close: '12:00' }],
        sun: [{ open: '09:00', close: '12:00' }],
      },
    };
    expect(nextOpeningAt(hours, new Date('2026-10-24T12:00:00Z'))).toEqual(new Date('2026-10-25T09:00:00Z'));
    expect(nextOpeningAt(hours, new Date('2026-10-23T20:00:00Z'))).toEqual(new Date('2026-10-24T08:00:00Z'));
  });

  it('an opening at a time the clocks skip starts at the first moment after it', () => {
    const hours: BusinessHours = {
      timeZone: 'Europe/London',
      schedule: { ...WEEKDAY_OFFICE_HOURS, sun: [{ open: '01:30', close: '03:00' }] },
    };
    expect(nextOpeningAt(hours, new Date('2026-03-28T22:00:00Z'))).toEqual(new Date('2026-03-29T01:30:00Z'));
  });

  it('closes at 24:00 and handles several openings a day', () => {
    const hours: BusinessHours = {
      timeZone: 'UTC',
      schedule: {
        ...WEEKDAY_OFFICE_HOURS,
        mon: [
          { open: '08:00', close: '12:00' },
          { open: '13:00', close: '24:00' },
        ],
      },
    };
    expect(isOpenAt(hours, new Date('2026-11-23T12:30:00Z'))).toBe(false);
    expect(nextOpeningAt(hours, new Date('2026-11-23T12:30:00Z'))).toEqual(new Date('2026-11-23T13:00:00Z'));
    expect(isOpenAt(hours, new Date('2026-11-23T23:59:00Z'))).toBe(true);
  });

  it('a schedule with no opening at all never opens', () => {
    const never: BusinessHours = {
      timeZone: 'UTC',
      schedule: { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
    };
    expect(nextOpeningAt(never, new Date('2026-11-23T12:00:00Z'))).toBeNull();
  });

  it('validates times, order and the zone', () => {
    const result = BusinessHoursSchema.safeParse({
      timeZone: 'Mars/Olympus',
      schedule: {
        ...WEEKDAY_OFFICE_HOURS,
        mon: [{ open: '17:00', close: '09:00' }],
        tue: [{ open: '9am', close: '17:00' }],
      },
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['timeZone', 'schedule.mon.0.close', 'schedule.tue.0.open']));
  });
});

describe('quiet hours', () => {
  it('cross midnight in the entity’s zone', () => {
    const quiet = { start: '22:00', end: '07:00' };
    expect(isQuietAt(quiet, 'America/New_York', new Date('2026-11-24T04:00:00Z'))).toBe(true); // 23:00 local
    expect(isQuietAt(quiet, 'America/New_York', new Date('2026-11-24T13:00:00Z'))).toBe(false); // 08:00 local
    expect(isQuietAt(null, 'UTC', new Date())).toBe(false);
  });
});
