import { describe, expect, it } from 'vitest';
import { countryOfTimeZone } from './country-of-time-zone.ts';

describe('countryOfTimeZone', () => {
  it.each([
    ['Europe/London', 'GB'],
    ['America/New_York', 'US'],
    ['Europe/Paris', 'FR'],
    ['America/Argentina/Buenos_Aires', 'AR'],
    ['Australia/Sydney', 'AU'],
  ])('%s is in %s', (timeZone, country) => {
    expect(countryOfTimeZone(timeZone)).toBe(country);
  });

  it('a zone that names no country leaves it unset', () => {
    expect(countryOfTimeZone('UTC')).toBeNull();
    expect(countryOfTimeZone('Etc/GMT+3')).toBeNull();
  });
});
