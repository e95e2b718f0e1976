import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatDaysLeft, usageTone } from './usage-format.ts';

describe('usage formatting', () => {
  it('usage › cents read as dollars with two decimals and separators', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(2)).toBe('$0.02');
    expect(formatCents(123_456)).toBe('$1,234.56');
  });

  it('usage › counts use thousands separators', () => {
    expect(formatCount(10_000)).toBe('10,000');
  });

  it('usage › days left are pluralised, and the last day says so', () => {
    expect(formatDaysLeft(12)).toBe('12 days left');
    expect(formatDaysLeft(1)).toBe('1 day left');
    expect(formatDaysLeft(0)).toBe('Last day');
  });

  it('usage › the meter turns amber at 80% and red when Starter stops', () => {
    expect(usageTone({ count: 10, included: 20, isLimitReached: false })).toBe('brand');
    expect(usageTone({ count: 16, included: 20, isLimitReached: false })).toBe('warning');
    expect(usageTone({ count: 1_200, included: 1_000, isLimitReached: false })).toBe('warning');
    expect(usageTone({ count: 20, included: 20, isLimitReached: true })).toBe('danger');
  });
});
