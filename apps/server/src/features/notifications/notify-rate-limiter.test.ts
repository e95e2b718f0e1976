import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './notify-rate-limiter.ts';

describe('notify rate limiter', () => {
  it('allows a burst, then refuses with the seconds until the next token', () => {
    const limiter = createRateLimiter({ ratePerSecond: 0.5, burst: 3 });
    for (let i = 0; i < 3; i += 1) expect(limiter.take('key', 1000).isAllowed).toBe(true);
    expect(limiter.take('key', 1000)).toEqual({
      isAllowed: false,
      retryAfterSeconds: 2,
      limit: 3,
      remaining: 0,
      resetSeconds: 6,
    });
  });

  it('tells the requests left and the seconds until the burst is whole again', () => {
    const limiter = createRateLimiter({ ratePerSecond: 10, burst: 100 });
    expect(limiter.take('key', 0)).toEqual({ isAllowed: true, limit: 100, remaining: 99, resetSeconds: 1 });
    for (let i = 0; i < 49; i += 1) limiter.take('key', 0);
    expect(limiter.take('key', 0)).toMatchObject({ remaining: 49, resetSeconds: 6 });
  });

  it('refills at the sustained rate and never above the burst', () => {
    const limiter = createRateLimiter({ ratePerSecond: 10, burst: 2 });
    limiter.take('key', 0);
    limiter.take('key', 0);
    expect(limiter.take('key', 0).isAllowed).toBe(false);
    expect(limiter.take('key', 100).isAllowed).toBe(true);
    expect(limiter.take('key', 10_000).isAllowed).toBe(true);
    expect(limiter.take('key', 10_000).isAllowed).toBe(true);
    expect(limiter.take('key', 10_000).isAllowed).toBe(false);
  });

  it('keeps each key apart', () => {
    const limiter = createRateLimiter({ ratePerSecond: 1, burst: 1 });
    expect(limiter.take('a', 0).isAllowed).toBe(true);
    expect(limiter.take('b', 0).isAllowed).toBe(true);
    expect(limiter.take('a', 0).isAllowed).toBe(false);
  });

  it('forgets the least recently used key when full, which starts with a fresh burst', () => {
    const limiter = createRateLimiter({ ratePerSecond: 1, burst: 1, maxKeys: 2 });
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('c', 0);
    expect(limiter.take('a', 0).isAllowed).toBe(true);
    expect(limiter.take('c', 0).isAllowed).toBe(false);
  });
});
