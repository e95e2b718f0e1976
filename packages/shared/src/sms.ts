import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { countryCodeOf } from './contact.ts';

/** How long a verification code may be entered, and how many wrong tries end it. */
export const SMS_CODE_TTL_MINUTES = 10;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Codes a member may ask for in an hour: each one is a paid text message. */
export const SMS_CODES_PER_HOUR = 5;
/** Test texts a member may send themselves in an hour, for the same reason. */
export const SMS_TESTS_PER_HOUR = 3;

/**
 * Which leads a member gets by text message (their delivery preferences' `sms`): none, only the
 * escalation re-ring when nobody claimed a lead in time, or every lead. Needs a verified number.
 */
export const SMS_CHOICES = ['off', 'escalations', 'all'] as const;
export type SmsChoice = (typeof SMS_CHOICES)[number];

/** Why a text message went out: a member's number's code, a lead, a lead's escalation, or the member's test. */
export const SMS_PURPOSES = ['verification', 'lead', 'escalation', 'test'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** A text message's state as the provider last reported it (its status callbacks, decision 053). */
export const SMS_MESSAGE_STATUSES = ['sent', 'delivered', 'undelivered', 'failed'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

const PHONE_MESSAGE =
  'Enter your mobile number, with its country code (+44 7700 900123) unless it is in your business’s country.';

/**
 * A phone number as a person types it, before `memberPhoneOf` reads it: trimmed, 1 to 32
 * characters, `message` when it is missing or too long. Every number field of the API uses it.
 */
export function phoneNumberFieldOf(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(32, message);
}

/** POST /v1/me/phone: the mobile number to verify; read as the business’s country’s when it has no country code. */
export const AddPhoneSchema = z.object({
  phone: phoneNumberFieldOf(PHONE_MESSAGE).describe(
    'A mobile number: international (+44 7700 900123), or local to the business’s default country.',
  ),
});
export type AddPhone = z.infer<typeof AddPhoneSchema>;

const CODE_MESSAGE = 'Enter the 6-digit code from the text message.';

/** POST /v1/me/phone/verify: the code texted to the number. */
export const VerifyPhoneSchema = z.object({
  code: z
    .string({ error: CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, CODE_MESSAGE)
    .describe('The 6 digits texted to the number.'),
});
export type VerifyPhone = z.infer<typeof VerifyPhoneSchema>;

/**
 * The signed-in member's mobile number (GET /v1/me/phone). `enabled`: the server can send text
 * messages (Twilio is configured). `phone`: the verified number, or null. `pending`: a number
 * waiting for its code, with when the code runs out and what the provider last said of the text.
 */
export const MemberPhoneSchema = z.object({
  enabled: z.boolean(),
  phone: z.object({ number: z.string().describe('E.164'), display: z.string(), verifiedAt: z.string() }).nullable(),
  pending: z
    .object({
      number: z.string().describe('E.164'),
      display: z.string(),
      expiresAt: z.string(),
      codeStatus: z
        .enum(SMS_MESSAGE_STATUSES)
        .nullable()
        .describe('The code’s text message, as Twilio last reported it.'),
    })
    .nullable(),
});
export type MemberPhone = z.infer<typeof MemberPhoneSchema>;

/**
 * A member's number as typed, in E.164 and international display form; read as `defaultCountry`'s
 * when it has no country code. Null when it is not a valid number.
 */
export function memberPhoneOf(text: string, defaultCountry?: string | null): { e164: string; display: string } | null {
  const parsed = parsePhoneNumberFromString(text.trim(), countryCodeOf(defaultCountry));
  return parsed?.isValid() ? { e164: parsed.number, display: parsed.formatInternational() } : null;
}

/** An E.164 number for people: +44 7700 900123. */
export function phoneDisplayOf(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
