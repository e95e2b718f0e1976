import { describe, expect, it } from 'vitest';
import { countryOfTimeZone, localDefaultsOf } from './local-defaults.ts';

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

describe('localDefaultsOf', () => {
  it('a business in the UK or France starts in its country and money', () => {
    expect(localDefaultsOf({ timeZone: 'Europe/London', locale: 'en-US' })).toEqual({
      defaultCountry: 'GB',
      currency: 'GBP',
    });
    expect(localDefaultsOf({ timeZone: 'Europe/Paris', locale: 'fr-FR' })).toEqual({
      defaultCountry: 'FR',
      currency: 'EUR',
    });
  });

  it('where the zone names no country, the locale tells it, even without a region', () => {
    expect(localDefaultsOf({ timeZone: 'UTC', locale: 'en-GB' })).toEqual({ defaultCountry: 'GB', currency: 'GBP' });
    expect(localDefaultsOf({ timeZone: 'UTC', locale: 'fr' })).toEqual({ defaultCountry: 'FR', currency: 'EUR' });
  });

  it('nothing to go on, or nonsense, leaves both unset', () => {
    expect(localDefaultsOf({})).toEqual({ defaultCountry: null, currency: null });
    expect(localDefaultsOf({ timeZone: 'UTC', locale: 'not a locale!' })).toEqual({
      defaultCountry: null,
      currency: null,
    });
  });
});
