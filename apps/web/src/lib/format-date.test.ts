import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './format-date.ts';

describe('formatDateTime', () => {
  it('date format › afternoon reads as day-month-year with pm', () => {
    expect(formatDateTime('2026-11-21T15:05:00Z', 'UTC')).toBe('21-11-2026 03:05 pm');
  });

  it('date format › morning reads am', () => {
    expect(formatDateTime('2026-01-02T09:30:00Z', 'UTC')).toBe('02-01-2026 09:30 am');
  });

  it('date format › midnight reads 12 am', () => {
    expect(formatDateTime('2026-03-04T00:07:00Z', 'UTC')).toBe('04-03-2026 12:07 am');
  });

  it('date format › noon reads 12 pm', () => {
    expect(formatDateTime('2026-03-04T12:00:00Z', 'UTC')).toBe('04-03-2026 12:00 pm');
  });

  it('date format › uses the given time zone', () => {
    expect(formatDateTime('2026-11-21T23:30:00Z', 'Asia/Kolkata')).toBe('22-11-2026 05:00 am');
    expect(formatDateTime('2026-11-21T15:05:00Z', 'America/New_York')).toBe('21-11-2026 10:05 am');
  });

  it('date format › an invalid value shows a dash', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('—');
  });
});

describe('formatDate', () => {
  it('date format › keeps only the day', () => {
    expect(formatDate('2026-11-21T15:05:00Z', 'UTC')).toBe('21-11-2026');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('relative time › under a minute is just now', () => {
    expect(formatRelativeTime(ago(5), now)).toBe('just now');
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
  });

  it('relative time › minutes, hours and days', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 10), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(30 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
  });

  it('relative time › older than a week shows the date', () => {
    expect(formatRelativeTime(ago(10 * 86400), now, 'UTC')).toBe('11-11-2026');
  });
});
