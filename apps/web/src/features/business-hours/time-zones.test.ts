import { describe, expect, it } from 'vitest';
import { timeZoneLabel, timeZoneOptions } from './time-zones.ts';

describe('time zones', () => {
  it('lists UTC and the saved zone even when the browser leaves them out, sorted', () => {
    const zones = timeZoneOptions('Asia/Calcutta');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Calcutta');
    expect(zones).toContain('Europe/London');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('labels a zone with its offset on the day, daylight saving included', () => {
    expect(timeZoneLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('America/New York (GMT-5)');
    expect(timeZoneLabel('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('America/New York (GMT-4)');
    expect(timeZoneLabel('UTC', new Date('2026-07-15T12:00:00Z'))).toBe('UTC (GMT+0)');
  });
});
