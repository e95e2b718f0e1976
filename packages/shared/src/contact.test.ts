import { describe, expect, it } from 'vitest';
import { leadEmailOf } from './contact.ts';

describe('leadEmailOf', () => {
  it('prefers a field named like an email', () => {
    expect(
      leadEmailOf({ note: 'cc boss@example.com', other: 'x@example.org', 'Your E-mail': ' ann@example.com ' }),
    ).toBe('ann@example.com');
  });

  it('falls back to the first value that is an address', () => {
    expect(leadEmailOf({ name: 'Bo', contact: 'bo@example.com' })).toBe('bo@example.com');
  });

  it('ignores a field named email that holds no address, and data without one', () => {
    expect(leadEmailOf({ email: 'call me' })).toBeNull();
    expect(leadEmailOf({ n: 3, ok: true })).toBeNull();
    expect(leadEmailOf(null)).toBeNull();
  });
});
