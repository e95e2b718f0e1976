import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-long-date.ts';

describe('formatLongDate', () => {
  it('writes the month out, as the legal pages state their effective date', () => {
    expect(formatLongDate('2025-01-14')).toBe('January 14, 2025');
  });

  it('does not shift the day in time zones behind UTC', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatLongDate('2025-03-01')).toBe('March 1, 2025');
    } finally {
      process.env.TZ = zone;
    }
  });
});
