import { describe, expect, it } from 'vitest';
import { allowedRate, rateLimitHeaders, refusedRate } from './notify-rate.ts';

describe('notify rate decisions', () => {
  it('a refusal tells the seconds until the next token and until the burst is whole', () => {
    expect(refusedRate({ ratePerSecond: 0.5, burst: 3 }, 0)).toEqual({
      isAllowed: false,
      retryAfterSeconds: 2,
      limit: 3,
      remaining: 0,
      resetSeconds: 6,
    });
  });

  it('a refusal with part of a token left waits only for the rest, and at least a second', () => {
    const decision = refusedRate({ ratePerSecond: 10, burst: 5 }, 0.95);
    expect(decision).toMatchObject({ isAllowed: false, retryAfterSeconds: 1, remaining: 0 });
  });

  it('tells the whole requests left and the seconds until the burst is whole again', () => {
    expect(allowedRate({ ratePerSecond: 10, burst: 100 }, 99)).toEqual({
      isAllowed: true,
      limit: 100,
      remaining: 99,
      resetSeconds: 1,
    });
    expect(allowedRate({ ratePerSecond: 10, burst: 100 }, 49.5)).toMatchObject({
      remaining: 49,
      resetSeconds: 6,
    });
  });

  it('headers carry the limit, what is left and the reset', () => {
    const decision = allowedRate({ ratePerSecond: 1, burst: 3 }, 1);
    expect(rateLimitHeaders(decision)).toEqual({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '1',
      'ratelimit-reset': '2',
    });
  });
});
