import { describe, expect, it } from 'vitest';
import { readFlashMessage } from './flash-message.ts';

describe('readFlashMessage', () => {
  it('flash › reads a message', () => {
    expect(readFlashMessage({ message: 'Flow created successfully.' })).toBe('Flow created successfully.');
  });

  it('flash › ignores anything else', () => {
    expect(readFlashMessage(null)).toBeUndefined();
    expect(readFlashMessage({ message: 3 })).toBeUndefined();
    expect(readFlashMessage({ message: '' })).toBeUndefined();
    expect(readFlashMessage({ email: 'a@b.co' })).toBeUndefined();
  });
});
