import { describe, expect, it } from 'vitest';
import {
  dailySeries,
  formatDay,
  formatDuration,
  formatMoney,
  formatRate,
  formatWonOf,
  rateOf,
} from './insights-format.ts';

describe('insights format', () => {
  it('writes times to claim in the two largest units', () => {
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(5400)).toBe('1 h 30 min');
    expect(formatDuration(93_600)).toBe('1 d 2 h');
  });

  it('writes rates as whole percentages, and nothing without leads', () => {
    expect(formatRate(null)).toBe('–');
    expect(formatRate(5 / 6)).toBe('83%');
    expect(formatRate(1)).toBe('100%');
    expect(rateOf(0, 0)).toBeNull();
    expect(rateOf(1, 4)).toBe(0.25);
  });

  it('fills every local day of the period, across a DST change, with zeros where no lead came', () => {
    const series = dailySeries({
      // 7 days in New York ending Monday 2 November 2026, the day after clocks went back.
      from: '2026-10-27T04:00:00.000Z',
      to: '2026-11-02T15:00:00.000Z',
      timeZone: 'America/New_York',
      daily: [
        { date: '2026-10-28', received: 5, answeredWithinTarget: 2, answeredLate: 2, unanswered: 1 },
        { date: '2026-11-01', received: 1, answeredWithinTarget: 1, answeredLate: 0, unanswered: 0 },
      ],
    });
    expect(series.map((day) => day.date)).toEqual([
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(series[1]).toEqual({
      date: '2026-10-28',
      received: 5,
      answeredWithinTarget: 2,
      answeredLate: 2,
      unanswered: 1,
    });
    expect(series[0]).toEqual({
      date: '2026-10-27',
      received: 0,
      answeredWithinTarget: 0,
      answeredLate: 0,
      unanswered: 0,
    });
  });

  it('writes days short', () => {
    expect(formatDay('2026-11-17')).toBe('17 Nov');
  });

  it('writes money won in the business’s currency, and a rate’s sample as won of outcomes', () => {
    expect(formatMoney(2350, 'GBP')).toBe('£2,350');
    expect(formatMoney(1200.5, 'EUR')).toBe('€1,201');
    expect(formatMoney(40, 'XYZ1')).toBe('40 XYZ1');
    expect(formatWonOf({ won: 2, withOutcome: 3 })).toBe('2 of 3');
  });
});
