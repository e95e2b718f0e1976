import { describe, expect, it } from 'vitest';
import { createIdempotencyKey } from './idempotency-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createIdempotencyKey', () => {
  it('uses crypto.randomUUID where the runtime has it', () => {
    expect(createIdempotencyKey()).toMatch(UUID_V4);
    expect(createIdempotencyKey({ randomUUID: () => 'from-random-uuid' })).toBe('from-random-uuid');
  });

  it('builds a version 4 UUID from crypto.getRandomValues where randomUUID is missing (an http: page)', () => {
    const keys = Array.from({ length: 100 }, () =>
      createIdempotencyKey({ getRandomValues: (array) => globalThis.crypto.getRandomValues(array) }),
    );
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(100);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    expect(createIdempotencyKey({ getRandomValues: (array) => array.fill(0xff) })).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    expect(createIdempotencyKey({ getRandomValues: (array) => array.fill(0) })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });

  it('still makes unique keys without any crypto (Node 18 has no global crypto)', () => {
    const keys = Array.from({ length: 100 }, () => createIdempotencyKey({}));
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(100);
    expect(createIdempotencyKey(undefined)).toMatch(UUID_V4);
  });
});
