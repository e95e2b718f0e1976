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
