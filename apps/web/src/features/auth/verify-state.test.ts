import { describe, expect, it } from 'vitest';
import { readVerifyState } from './verify-state.ts';

describe('readVerifyState', () => {
  it('verify › keeps email, password and name', () => {
    expect(readVerifyState({ email: 'a@b.co', password: 'P@ssw0rd!', name: 'Ann' })).toEqual({
      email: 'a@b.co',
      password: 'P@ssw0rd!',
      name: 'Ann',
    });
  });

  it('verify › without an email there is nothing to verify', () => {
    expect(readVerifyState(null)).toBeNull();
    expect(readVerifyState(undefined)).toBeNull();
    expect(readVerifyState({ password: 'x' })).toBeNull();
    expect(readVerifyState({ email: '' })).toBeNull();
    expect(readVerifyState('a@b.co')).toBeNull();
  });

  it('verify › ignores fields of the wrong type', () => {
    expect(readVerifyState({ email: 'a@b.co', password: 42 })).toEqual({ email: 'a@b.co' });
  });
});
