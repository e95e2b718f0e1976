import { getCountryForTimezone } from 'countries-and-timezones';
import { countries } from 'countries-list';
import { UpdateEntitySchema } from '@leadbell/shared/entities';

/** A country or currency only as an admin could choose it (the same checks), else null. */
function checked<T extends 'defaultCountry' | 'currency'>(field: T, value: string | undefined): string | null {
  if (!value) return null;
  const result = UpdateEntitySchema.shape[field].safeParse(value);
  return result.success ? (result.data ?? null) : null;
}

/**
 * The country a business most likely calls from, told by its time zone (Europe/London: GB), so
 * local phone numbers get WhatsApp and call links from day one; null where a zone names no country
 * (UTC) or phone numbers cannot be read for it.
 */
export function countryOfTimeZone(timeZone: string): string | null {
  return checked('defaultCountry', getCountryForTimezone(timeZone)?.id);
}

/** The region a browser's locale names or implies (`en-GB`: GB, `fr`: FR); null when it says none. */
function countryOfLocale(locale: string): string | null {
  try {
    return checked('defaultCountry', new Intl.Locale(locale).maximize().region);
  } catch {
    return null;
  }
}

/**
 * A new business's local defaults (issue 49), guessed from the browser that creates it: its
 * country from the time zone, else from the locale, and that country's currency, so a plumber in
 * Leeds starts with GB and GBP, not USD. Both stay editable on the plan step and the Business page.
 */
export function localDefaultsOf({ timeZone, locale }: { timeZone?: string | undefined; locale?: string | undefined }): {
  defaultCountry: string | null;
  currency: string | null;
} {
  const defaultCountry = (timeZone && countryOfTimeZone(timeZone)) || (locale && countryOfLocale(locale)) || null;
  const currency = defaultCountry
    ? checked('currency', countries[defaultCountry as keyof typeof countries]?.currency[0])
    : null;
  return { defaultCountry, currency };
}
