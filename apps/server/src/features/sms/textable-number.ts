import { parsePhoneNumberFromString, type PhoneNumberType } from 'libphonenumber-js/max';

// The number types a text reaches a person's phone on. The US and Canada give fixed-line and
// mobile numbers the same ranges, so libphonenumber cannot tell them apart there.
const MOBILE_TYPES = new Set<PhoneNumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

const WHAT_IT_IS: Partial<Record<PhoneNumberType, string>> = {
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  TOLL_FREE: 'a toll-free number',
  FIXED_LINE: 'a landline',
  VOIP: 'an internet (VoIP) number',
  PERSONAL_NUMBER: 'a personal forwarding number',
  PAGER: 'a pager',
  UAN: 'a company’s shared number',
  VOICEMAIL: 'a voicemail number',
};

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Why Leadbell will not text this E.164 number, or null (issue 47): only mobile numbers, and only
 * in SMS_ALLOWED_COUNTRIES. Premium-rate and shared-cost ranges are how SMS pumping is paid out,
 * and a foreign route is where it is cheapest to run. The full metadata (libphonenumber-js/max)
 * knows number types; the console's smaller one does not, so the rule lives on the server only.
 */
export function textableNumberProblem(e164: string, allowedCountries: readonly string[]): string | null {
  const number = parsePhoneNumberFromString(e164);
  if (!number?.isValid()) return 'This is not a mobile number we can read: add its country code, like +44 7911 123456.';
  const country = number.country;
  if (!country || !allowedCountries.includes(country))
    return `We do not text numbers in ${country ? (REGION_NAMES.of(country) ?? country) : 'that country'}. Numbers we text: ${allowedCountries.join(', ')}.`;
  const type = number.getType();
  if (type && MOBILE_TYPES.has(type)) return null;
  return `We text mobile numbers only: this is ${(type && WHAT_IT_IS[type]) ?? 'not a mobile number'}.`;
}
