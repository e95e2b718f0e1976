import { describe, expect, it } from 'vitest';
import {
  BusinessHoursSchema,
  isCalendarDate,
  isOpenAt,
  MAX_CLOSURES,
  nextOpeningAt,
  WEEKDAY_OFFICE_HOURS,
  WeeklyScheduleSchema,
  type BusinessHours,
  type Closure,
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

describe('business hours › closures', () => {
  function londonClosedOn(...closures: Closure[]): BusinessHours {
    return { timeZone: 'Europe/London', schedule: { ...WEEKDAY_OFFICE_HOURS, closures } };
  }

  it('a closure on a weekday keeps the business closed all that day, and only that day', () => {
    // Wednesday 2 December 2026, a team day out.
    const hours = londonClosedOn({ from: '2026-12-02', label: 'Team day out' });
    expect(isOpenAt(hours, new Date('2026-12-02T10:00:00Z'))).toBe(false);
    expect(isOpenAt(hours, new Date('2026-12-01T16:59:00Z'))).toBe(true);
    expect(isOpenAt(hours, new Date('2026-12-03T09:00:00Z'))).toBe(true);
    expect(nextOpeningAt(hours, new Date('2026-12-02T10:00:00Z'))).toEqual(new Date('2026-12-03T09:00:00Z'));
    // The evening before waits past the closure too.
    expect(nextOpeningAt(hours, new Date('2026-12-01T18:00:00Z'))).toEqual(new Date('2026-12-03T09:00:00Z'));
  });

  it('the closure’s days are the business’s days: New York’s 24 December ends at 05:00 UTC on the 25th', () => {
    const hours: BusinessHours = {
      timeZone: 'America/New_York',
      schedule: {
        ...WEEKDAY_OFFICE_HOURS,
        thu: [{ open: '09:00', close: '24:00' }],
        closures: [{ from: '2026-12-24', to: '2026-12-24' }],
      },
    };
    // Thursday 24 Dec 23:30 in New York is Friday 04:30 UTC: still the closure's day there.
    expect(isOpenAt(hours, new Date('2026-12-25T04:30:00Z'))).toBe(false);
    expect(nextOpeningAt(hours, new Date('2026-12-25T04:30:00Z'))).toEqual(new Date('2026-12-25T14:00:00Z'));
    // Wednesday 23 Dec 23:00 in New York (04:00 UTC on the 24th) is before it: that evening's hours hold.
    expect(
      isOpenAt(
        { ...hours, schedule: { ...hours.schedule!, wed: [{ open: '20:00', close: '24:00' }] } },
        new Date('2026-12-24T04:00:00Z'),
      ),
    ).toBe(true);
  });

  it('a range over a weekend: Friday to Monday closed, Tuesday 09:00 is the next opening', () => {
    const hours = londonClosedOn({ from: '2026-12-25', to: '2026-12-28', label: 'Christmas' });
    const friday10 = new Date('2026-12-25T10:00:00Z');
    expect(isOpenAt(hours, friday10)).toBe(false);
    expect(isOpenAt(hours, new Date('2026-12-28T12:00:00Z'))).toBe(false);
    expect(nextOpeningAt(hours, friday10)).toEqual(new Date('2026-12-29T09:00:00Z'));
    // A Saturday opening inside the range does not open either.
    const withSaturday: BusinessHours = {
      ...hours,
      schedule: { ...hours.schedule!, sat: [{ open: '10:00', close: '14:00' }] },
    };
    expect(isOpenAt(withSaturday, new Date('2026-12-26T11:00:00Z'))).toBe(false);
    expect(nextOpeningAt(withSaturday, friday10)).toEqual(new Date('2026-12-29T09:00:00Z'));
  });

  it('a closure across the spring-forward night: the next opening is 09:00 BST, 08:00 UTC', () => {
    // Saturday 28 to Monday 30 March 2026; the clocks go forward at 01:00 on Sunday 29.
    const hours: BusinessHours = {
      timeZone: 'Europe/London',
      schedule: {
        ...WEEKDAY_OFFICE_HOURS,
        sat: [{ open: '09:00', close: '12:00' }],
        sun: [{ open: '09:00', close: '12:00' }],
        closures: [{ from: '2026-03-28', to: '2026-03-30' }],
      },
    };
    const friday18 = new Date('2026-03-27T18:00:00Z');
    expect(isOpenAt(hours, new Date('2026-03-29T08:30:00Z'))).toBe(false);
    // 23:30 BST on Monday is 22:30 UTC: still Monday there, still closed.
    expect(isOpenAt(hours, new Date('2026-03-30T22:30:00Z'))).toBe(false);
    expect(nextOpeningAt(hours, friday18)).toEqual(new Date('2026-03-31T08:00:00Z'));
  });

  it('a closure across the fall-back night ends at local midnight, 00:00 GMT', () => {
    const hours: BusinessHours = {
      timeZone: 'Europe/London',
      schedule: {
        ...WEEKDAY_OFFICE_HOURS,
        mon: [{ open: '00:00', close: '24:00' }],
        closures: [{ from: '2026-10-24', to: '2026-10-25' }],
      },
    };
    expect(isOpenAt(hours, new Date('2026-10-25T23:59:00Z'))).toBe(false);
    expect(nextOpeningAt(hours, new Date('2026-10-24T12:00:00Z'))).toEqual(new Date('2026-10-26T00:00:00Z'));
  });

  it('the next opening skips back-to-back and overlapping closures', () => {
    const hours = londonClosedOn(
      { from: '2026-12-31', to: '2027-01-01', label: 'New Year' },
      { from: '2026-12-24', to: '2026-12-29', label: 'Christmas' },
      { from: '2026-12-28', to: '2026-12-30' },
    );
    expect(nextOpeningAt(hours, new Date('2026-12-23T18:00:00Z'))).toEqual(new Date('2027-01-04T09:00:00Z'));
  });

  it('a closed weekday that would open is skipped week after week while closures cover it', () => {
    // Open on Mondays only; the next three Mondays are closed.
    const mondays: BusinessHours = {
      timeZone: 'UTC',
      schedule: {
        sun: [],
        mon: [{ open: '09:00', close: '17:00' }],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        closures: [{ from: '2026-11-30' }, { from: '2026-12-07' }, { from: '2026-12-14' }],
      },
    };
    expect(nextOpeningAt(mondays, new Date('2026-11-24T12:00:00Z'))).toEqual(new Date('2026-12-21T09:00:00Z'));
  });

  it('a schedule with no opening never opens, closures or not', () => {
    const never = londonClosedOn({ from: '2026-12-25' });
    never.schedule = { ...never.schedule!, mon: [], tue: [], wed: [], thu: [], fri: [] };
    expect(nextOpeningAt(never, new Date('2026-12-20T12:00:00Z'))).toBeNull();
  });

  it('a closure does not matter while the business is always open, nor once it is over', () => {
    const hours = londonClosedOn({ from: '2026-12-02' });
    expect(isOpenAt(hours, new Date('2027-12-02T10:00:00Z'))).toBe(true);
    expect(isOpenAt({ timeZone: 'UTC', schedule: null }, new Date('2026-12-02T10:00:00Z'))).toBe(true);
  });
});

describe('business hours › closures’ validation', () => {
  function issuesOf(closures: unknown): Record<string, string[]> {
    const result = WeeklyScheduleSchema.safeParse({ ...WEEKDAY_OFFICE_HOURS, closures });
    const issues: Record<string, string[]> = {};
    for (const issue of result.error?.issues ?? []) (issues[issue.path.join('.')] ??= []).push(issue.message);
    return issues;
  }

  it('a schedule stored before closures existed still parses, as having none', () => {
    const stored = JSON.parse(JSON.stringify(WEEKDAY_OFFICE_HOURS));
    expect(WeeklyScheduleSchema.parse(stored)).toEqual(WEEKDAY_OFFICE_HOURS);
    expect(WeeklyScheduleSchema.parse(stored).closures).toBeUndefined();
  });

  it('accepts a day, a range and a label, trimmed', () => {
    const parsed = WeeklyScheduleSchema.parse({
      ...WEEKDAY_OFFICE_HOURS,
      closures: [{ from: '2026-12-25', to: '2026-12-26', label: '  Christmas ' }, { from: '2027-01-01' }],
    });
    expect(parsed.closures).toEqual([
      { from: '2026-12-25', to: '2026-12-26', label: 'Christmas' },
      { from: '2027-01-01' },
    ]);
  });

  it('a range that ends before it starts names its last day', () => {
    expect(issuesOf([{ from: '2026-12-26', to: '2026-12-25' }])).toEqual({
      'closures.0.to': ['The last day must be on or after the first.'],
    });
  });

  it.each([
    ['30 February', { from: '2026-02-30' }, 'closures.0.from'],
    ['a 13th month', { from: '2026-12-25', to: '2026-13-01' }, 'closures.0.to'],
    ['a day written the American way', { from: '12/25/2026' }, 'closures.0.from'],
    ['no year', { from: '12-25' }, 'closures.0.from'],
  ])('%s is not a real date', (_label, closure, path) => {
    expect(issuesOf([closure])).toEqual({ [path]: ['Use a real date, like 2026-12-25.'] });
  });

  it('an empty first day asks for a date', () => {
    expect(issuesOf([{ from: '' }])).toEqual({ 'closures.0.from': ['Choose a date.'] });
  });

  it('29 February exists in a leap year only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });

  it('a closure of more than a year is refused; a year is fine', () => {
    expect(issuesOf([{ from: '2026-01-01', to: '2026-12-31' }])).toEqual({});
    expect(issuesOf([{ from: '2026-01-01', to: '2036-01-01' }])).toEqual({
      'closures.0.to': ['A closure can last a year at most.'],
    });
  });

  it(`at most ${MAX_CLOSURES} closures`, () => {
    const many = Array.from({ length: MAX_CLOSURES + 1 }, (_, index) => ({
      from: new Date(Date.UTC(2027, 0, 1 + index)).toISOString().slice(0, 10),
    }));
    expect(issuesOf(many.slice(0, MAX_CLOSURES))).toEqual({});
    expect(issuesOf(many)).toEqual({ closures: [`At most ${MAX_CLOSURES} closures: remove past ones to add more.`] });
  });

  it('a label of more than 60 characters is refused', () => {
    expect(issuesOf([{ from: '2026-12-25', label: 'x'.repeat(61) }])).toEqual({
      'closures.0.label': ['Keep the label to 60 characters.'],
    });
  });
});
