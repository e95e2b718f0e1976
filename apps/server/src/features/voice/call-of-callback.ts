import { and, eq, isNull, or } from 'drizzle-orm';
import { voiceCalls } from '../../db/schema/voice.ts';

/**
 * The lead call a verified Twilio request is about (its status callbacks, its TwiML, its keys): the
 * call id in the request's URL, which Twilio's signature covers, and the request's CallSid, unless
 * Leadbell has yet to store the sid. Twilio may call back before its answer to the call's creation
 * has been read (a slow answer, a busy server); the caller ID verification waits for no sid either.
 */
export function callOfCallback(callId: string, callSid: string) {
  return and(eq(voiceCalls.id, callId), or(eq(voiceCalls.providerSid, callSid), isNull(voiceCalls.providerSid)));
}
