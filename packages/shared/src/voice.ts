import { z } from 'zod';
import { phoneNumberFieldOf } from './sms.ts';

/**
 * Which leads ring a member's phone with a call (their delivery preferences' `voice`, issue 50):
 * none, only the escalation re-ring when nobody claimed a lead in time, or every lead. Needs a
 * verified number, like texts.
 */
export const VOICE_CHOICES = ['off', 'escalations', 'all'] as const;
export type VoiceChoice = (typeof VOICE_CHOICES)[number];

/**
 * A call's state as Twilio's status callbacks tell it (twilio.com/docs/voice/api/call-resource):
 * `in-progress` is answered; `completed` ended after an answer; the others ended without one.
 */
export const VOICE_CALL_STATUSES = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'no-answer',
  'busy',
  'failed',
  'canceled',
] as const;
export type VoiceCallStatus = (typeof VOICE_CALL_STATUSES)[number];

/** A call's minutes are counted whole, as Twilio bills them: 61 seconds is 2 minutes. */
export function billedMinutesOf(seconds: number): number {
  return Math.max(0, Math.ceil(seconds / 60));
}

/**
 * Verifications of a business's own caller ID (decision 082) Leadbell asks Twilio for in a day:
 * each one is a phone call to a number an admin typed, so a business may start a few, and a
 * number may be called a few times whoever asks, never more.
 */
export const CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY = 5;
export const CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY = 3;

const CALLER_ID_MESSAGE =
  'Enter your business’s phone number, with its country code (+44 20 7946 0123) unless it is in your business’s country.';

/** POST /v1/entities/{id}/caller-id: the business's number Twilio calls to verify; read as the business's country's without a country code. */
export const VerifyCallerIdSchema = z.object({
  phone: phoneNumberFieldOf(CALLER_ID_MESSAGE).describe(
    'The business’s phone number: international (+44 20 7946 0123), or local to the business’s default country.',
  ),
});
export type VerifyCallerId = z.infer<typeof VerifyCallerIdSchema>;

/** Where a caller ID verification stands: Twilio is calling the number, or the call ended without the right code. */
export const CALLER_ID_VERIFICATION_STATUSES = ['pending', 'failed'] as const;
export type CallerIdVerificationStatus = (typeof CALLER_ID_VERIFICATION_STATUSES)[number];

const NumberSchema = z.object({ number: z.string().describe('E.164'), display: z.string() });

/**
 * The caller ID a customer sees when a member presses 1 on a lead call (GET
 * /v1/entities/{id}/caller-id). `enabled`: the server places calls. `defaultNumber`: the server's
 * own (TWILIO_FROM_NUMBER), shown without a verified one. `verified`: the business's own number.
 * `verification`: the number Twilio is calling (`pending`, with the code to type) or called
 * without success (`failed`); a verified number stays in use meanwhile.
 */
export const CallerIdSchema = z.object({
  enabled: z.boolean(),
  defaultNumber: NumberSchema.nullable(),
  verified: NumberSchema.extend({ verifiedAt: z.string() }).nullable(),
  verification: NumberSchema.extend({
    status: z.enum(CALLER_ID_VERIFICATION_STATUSES),
    validationCode: z
      .string()
      .nullable()
      .describe('The 6 digits to type on the phone’s keypad when Twilio calls; null once the call ended.'),
    requestedAt: z.string(),
  }).nullable(),
});
export type CallerId = z.infer<typeof CallerIdSchema>;
