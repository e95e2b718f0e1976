import { getCountryForTimezone } from 'countries-and-timezones';
import { UpdateEntitySchema } from '@leadbell/shared/entities';

/**
 * The country a business most likely calls from, told by its time zone (Europe/London: GB), so
 * local phone numbers get WhatsApp and call links from day one; null where a zone names no country
 * (UTC) or phone numbers cannot be read for it. The admin can change it on the Account page.
 */
export function countryOfTimeZone(timeZone: string): string | null {
  const country = getCountryForTimezone(timeZone)?.id;
  if (!country) return null;
  // The same check as an admin's choice: a country whose numbers can be read.
  const checked = UpdateEntitySchema.shape.defaultCountry.safeParse(country);
  return checked.success ? (checked.data ?? null) : null;
}
