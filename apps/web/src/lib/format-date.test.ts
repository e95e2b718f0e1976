import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

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
