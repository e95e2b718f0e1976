import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('returns an entry until it expires', () => {
    vi.useFakeTimers();
    const cache = createTtlCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry when full, and forgets on delete', () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
