import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, timeOfDayOptions, usesTwelveHourClock } from './time-of-day.ts';

/** ICU separates the time from AM/PM with a narrow no-break space in some versions. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('time of day', () => {
  it.each([
    ['en-US', true],
    ['en-GB', false],
    ['fr', false],
    ['de', false],
  ])('%s uses a 12-hour clock: %s', (locale, expected) => {
    expect(usesTwelveHourClock(locale)).toBe(expected);
  });

  it('writes a stored time as the locale does, the stored value unchanged', () => {
    expect(plain(formatTimeOfDay('09:00', 'en-US'))).toBe('9:00 AM');
    expect(plain(formatTimeOfDay('17:30', 'en-US'))).toBe('5:30 PM');
    expect(plain(formatTimeOfDay('00:00', 'en-US'))).toBe('12:00 AM');
    expect(formatTimeOfDay('09:00', 'en-GB')).toBe('09:00');
    expect(formatTimeOfDay('17:30', 'fr')).toBe('17:30');
    expect(formatTimeOfDay('17:30', 'de')).toBe('17:30');
  });

  it('says Midnight for a closing at 24:00 on either clock', () => {
    expect(formatTimeOfDay('24:00', 'en-US')).toBe('Midnight');
    expect(formatTimeOfDay('24:00', 'en-GB')).toBe('Midnight');
  });

  it('offers openings from 00:00 to 23:45 and closings from 00:15 to midnight, every quarter hour', () => {
    const opens = timeOfDayOptions('open', { locale: 'en-GB' });
    expect(opens).toHaveLength(96);
    expect(opens[0]).toEqual({ value: '00:00', label: '00:00' });
    expect(opens.at(-1)).toEqual({ value: '23:45', label: '23:45' });
    const closes = timeOfDayOptions('close', { locale: 'en-GB' });
    expect(closes).toHaveLength(96);
    expect(closes[0]!.value).toBe('00:15');
    expect(closes.at(-1)).toEqual({ value: '24:00', label: 'Midnight' });
  });

  it('keeps a saved time off the quarter hours in its place, and ignores one that is not a time', () => {
    const values = timeOfDayOptions('open', { current: '08:50', locale: 'en-US' }).map((option) => option.value);
    expect(values.slice(values.indexOf('08:45'), values.indexOf('08:45') + 3)).toEqual(['08:45', '08:50', '09:00']);
    expect(timeOfDayOptions('open', { current: '9am' })).toHaveLength(96);
  });
});
