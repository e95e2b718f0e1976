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

/** The number's type, once it is valid and in one of `allowedCountries`; else why Leadbell will not `verb` it. */
function allowedNumberOf(
  e164: string,
  allowedCountries: readonly string[],
  { unreadable, verb }: { unreadable: string; verb: string },
): { type: PhoneNumberType | undefined } | { problem: string } {
  const number = parsePhoneNumberFromString(e164);
  if (!number?.isValid()) return { problem: unreadable };
  const country = number.country;
  if (!country || !allowedCountries.includes(country))
    return {
      problem: `We do not ${verb} numbers in ${country ? (REGION_NAMES.of(country) ?? country) : 'that country'}. Numbers we ${verb}: ${allowedCountries.join(', ')}.`,
    };
  return { type: number.getType() };
}

/**
 * Why Leadbell will not text this E.164 number, or null (issue 47): only mobile numbers, and only
 * in SMS_ALLOWED_COUNTRIES. Premium-rate and shared-cost ranges are how SMS pumping is paid out,
 * and a foreign route is where it is cheapest to run. The full metadata (libphonenumber-js/max)
 * knows number types; the console's smaller one does not, so the rule lives on the server only.
 */
export function textableNumberProblem(e164: string, allowedCountries: readonly string[]): string | null {
  const number = allowedNumberOf(e164, allowedCountries, {
    unreadable: 'This is not a mobile number we can read: add its country code, like +44 7911 123456.',
    verb: 'text',
  });
  if ('problem' in number) return number.problem;
  if (number.type && MOBILE_TYPES.has(number.type)) return null;
  return `We text mobile numbers only: this is ${(number.type && WHAT_IT_IS[number.type]) ?? 'not a mobile number'}.`;
}

// The numbers a business answers its customers on. Premium-rate, shared-cost and personal
// forwarding ranges are where a verification call would be paid out to someone (toll fraud).
const CALLER_ID_TYPES = new Set<PhoneNumberType>([
  'FIXED_LINE',
  'MOBILE',
  'FIXED_LINE_OR_MOBILE',
  'TOLL_FREE',
  'VOIP',
  'UAN',
]);

/**
 * Why Twilio will not be asked to call this E.164 number to verify it as a business's caller ID
 * (decision 082), or null: a business's landline, mobile, toll-free or internet number, in the
 * countries the server phones (SMS_ALLOWED_COUNTRIES, as its texts and lead calls).
 */
export function callerIdNumberProblem(e164: string, allowedCountries: readonly string[]): string | null {
  const number = allowedNumberOf(e164, allowedCountries, {
    unreadable: 'This is not a phone number we can read: add its country code, like +44 20 7946 0123.',
    verb: 'call',
  });
  if ('problem' in number) return number.problem;
  if (number.type && CALLER_ID_TYPES.has(number.type)) return null;
  return `Only a business’s own line can be its caller ID: this is ${(number.type && WHAT_IT_IS[number.type]) ?? 'not a number we call'}.`;
}
