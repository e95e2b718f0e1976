import { describe, expect, it } from 'vitest';
import { searchDigitsOf } from './search-digits-of.ts';

describe('leads › searchDigitsOf', () => {
  it('a phone number, however written, is looked for without its international or trunk prefix', () => {
    for (const q of ['07700900123', '07700-900-123', '07700 900 123', '(07700) 900.123', '+447700900123'])
      expect(searchDigitsOf(q), q).toBe('7700900123');
    expect(searchDigitsOf('0044 7700 900123')).toBe('7700900123');
    expect(searchDigitsOf('+44 (0)20 7946-0018')).toBe('2079460018');
    expect(searchDigitsOf('020 7946 0018')).toBe('2079460018');
    expect(searchDigitsOf('2079460018')).toBe('2079460018');
    expect(searchDigitsOf('07700 – 900123')).toBe('7700900123');
  });

  it('country codes are one, two or three digits long', () => {
    expect(searchDigitsOf('+1 (555) 010-0199')).toBe('5550100199');
    expect(searchDigitsOf('+7 912 345 67 89')).toBe('9123456789');
    expect(searchDigitsOf('+33 6 12 34 56 78')).toBe('612345678');
    expect(searchDigitsOf('+353 85 123 4567')).toBe('851234567');
    expect(searchDigitsOf('+420 601 123 456')).toBe('601123456');
  });

  it('a query with fewer than 5 digits, or with more than phone punctuation, is text', () => {
    expect(searchDigitsOf('7700')).toBeNull();
    expect(searchDigitsOf('+44 77')).toBeNull();
    expect(searchDigitsOf('ann 07700900123')).toBeNull();
    expect(searchDigitsOf('07700900123#')).toBeNull();
    expect(searchDigitsOf('50%')).toBeNull();
  });

  it('what would be left too short after the prefix is matched as typed', () => {
    expect(searchDigitsOf('00123')).toBe('00123');
    expect(searchDigitsOf('+44 123')).toBe('44123');
    expect(searchDigitsOf('012345')).toBe('12345');
  });
});
