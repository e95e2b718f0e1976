import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNotificationTime, formatRelativeTime, formatTime } from './format-date.ts';

const GB = { locale: 'en-GB', timeZone: 'UTC' };
const US = { locale: 'en-US', timeZone: 'UTC' };

describe('formatDateTime › an instant, in the viewer’s locale and zone', () => {
  it('orders day and month and picks the clock by locale', () => {
    expect(formatDateTime('2026-11-21T15:05:00Z', GB)).toBe('21 Nov 2026, 15:05');
    expect(formatDateTime('2026-11-21T15:05:00Z', US)).toBe('Nov 21, 2026, 3:05 PM');
  });

  it('uses the given zone', () => {
    expect(formatDateTime('2026-11-21T23:30:00Z', { locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe(
      '22 Nov 2026, 05:00',
    );
  });

  it('an invalid value shows a dash', () => {
    expect(formatDateTime('not a date', GB)).toBe('—');
  });
});

describe('formatDate and formatTime › a day, a time of day', () => {
  it('keeps only the day', () => {
    expect(formatDate('2026-11-21T15:05:00Z', GB)).toBe('21 Nov 2026');
    expect(formatDate('2026-11-21T15:05:00Z', US)).toBe('Nov 21, 2026');
  });

  it('keeps only the time, on the locale’s clock', () => {
    expect(formatTime('2026-11-21T15:05:00Z', GB)).toBe('15:05');
    expect(formatTime('2026-11-21T15:05:00Z', US)).toBe('3:05 PM');
    expect(formatTime('nope', US)).toBe('—');
  });
});

describe('formatRelativeTime › how long ago, short enough for a row', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('under a minute (or a clock slightly ahead) is just now', () => {
    expect(formatRelativeTime(ago(5), now)).toBe('just now');
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
  });

  it('minutes, hours and days', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 min ago');
    expect(formatRelativeTime(ago(59 * 60), now)).toBe('59 min ago');
    expect(formatRelativeTime(ago(3 * 3600 + 10), now)).toBe('3 hr ago');
    expect(formatRelativeTime(ago(30 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
  });

  it('older than a week shows the day', () => {
    expect(formatRelativeTime(ago(10 * 86400), now, GB)).toBe('11 Nov 2026');
  });
});

describe('formatNotificationTime › the notifications table keeps the spec’s format', () => {
  it('reads day-month-year with a 12-hour clock', () => {
    expect(formatNotificationTime('2026-11-21T15:05:00Z', 'UTC')).toBe('21-11-2026 03:05 pm');
    expect(formatNotificationTime('2026-01-02T09:30:00Z', 'UTC')).toBe('02-01-2026 09:30 am');
  });

  it('says 12 at midnight and noon', () => {
    expect(formatNotificationTime('2026-03-04T00:07:00Z', 'UTC')).toBe('04-03-2026 12:07 am');
    expect(formatNotificationTime('2026-03-04T12:00:00Z', 'UTC')).toBe('04-03-2026 12:00 pm');
  });

  it('uses the given zone, and a dash for an invalid value', () => {
    expect(formatNotificationTime('2026-11-21T15:05:00Z', 'America/New_York')).toBe('21-11-2026 10:05 am');
    expect(formatNotificationTime('not a date', 'UTC')).toBe('—');
  });
});
