import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './content-encoding.ts';

describe('content encoding', () => {
  it('prefers Brotli, then gzip, among what the client accepts', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate, identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('refuses an encoding the client weighs at q=0, and reads * as any other', () => {
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('BR; Q=0.5')).toBe('br');
  });
});
