import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isRetryableStatus, parseRetryAfter } from './retry-policy.ts';

describe('isRetryableStatus', () => {
  it('retries 429 and every 5xx, no other status', () => {
    expect([429, 500, 502, 503, 504, 599].map(isRetryableStatus)).toEqual([true, true, true, true, true, true]);
    expect([200, 301, 400, 401, 402, 403, 404, 409, 413, 415, 428].map(isRetryableStatus)).toEqual(
      Array(11).fill(false),
    );
  });
});

describe('backoffDelayMs', () => {
  const policy = { baseMs: 500, maxMs: 8000 };

  it('waits between 0 and a ceiling that doubles with each retry (full jitter)', () => {
    expect([1, 2, 3, 4].map((retry) => backoffDelayMs(retry, policy, () => 0))).toEqual([0, 0, 0, 0]);
    expect([1, 2, 3, 4].map((retry) => backoffDelayMs(retry, policy, () => 0.999999))).toEqual([499, 999, 1999, 3999]);
    expect(backoffDelayMs(2, policy, () => 0.5)).toBe(500);
  });

  it('never waits longer than maxMs', () => {
    expect(backoffDelayMs(10, policy, () => 0.999999)).toBe(7999);
    expect(backoffDelayMs(1000, policy, () => 0.999999)).toBe(7999);
  });

  it('spreads real random waits over the whole range', () => {
    const delays = Array.from({ length: 200 }, () => backoffDelayMs(3, policy));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(2000);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T09:30:00.000Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('0.25', now)).toBe(250);
  });

  it('reads an HTTP date as the time left until it, and a past date as now', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:30:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:29:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('1e3', now)).toBeUndefined();
  });
});
