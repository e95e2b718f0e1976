import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api-client.ts';

describe('parseRetryAfter', () => {
  it('retry after › reads delta seconds', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(' 5 ')).toBe(5);
  });

  it('retry after › reads an HTTP date as seconds from now', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('retry after › anything else is unknown', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
