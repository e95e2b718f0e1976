import { postToTwilio, requestTwilio, twilioConfigOf, type TwilioPostResult } from '../sms/sms-provider.ts';
import { isTwilioSignatureValid } from '../sms/twilio-signature.ts';

/**
 * The seam every lead call goes through (issue 50): Twilio Programmable Voice's Calls resource,
 * with the call's TwiML and status callbacks on PUBLIC_URL, where Twilio signs every request.
 */
export type VoiceProvider = {
  placeCall: (call: { to: string; callId: string }) => Promise<TwilioPostResult>;
  /** Whether a request posted to `url` with `params` really comes from Twilio (X-Twilio-Signature). */
  isCallbackGenuine: (url: string, params: Record<string, string>, signature: string | undefined) => boolean;
  /**
   * The number calls come from (TWILIO_FROM_NUMBER), and the caller ID the customer sees when a
   * member is connected unless the business verified its own (decision 082): Twilio lets a
   * `<Dial>` show only the account's own numbers or the caller IDs it verified.
   */
  callerId: string;
  /**
   * Asks Twilio to verify `phone` as an outgoing caller ID (OutgoingCallerIds): Twilio calls the
   * number, and whoever answers types the validation code answered here. The outcome comes to
   * the verification's own status callback URL.
   */
  requestCallerIdVerification: (request: {
    phone: string;
    friendlyName: string;
    verificationId: string;
  }) => Promise<CallerIdVerificationRequest>;
  /** Removes a verified caller ID from the Twilio account; false when Twilio did not take it. */
  releaseCallerId: (twilioSid: string) => Promise<boolean>;
};

/** Twilio's answer to a caller ID verification: the code to type and the call it places, or why it refused. */
export type CallerIdVerificationRequest =
  | { ok: true; validationCode: string; callSid: string | null }
  | { ok: false; status: number | null; providerCode: string | null; error: string };

/** Where Twilio fetches a call's TwiML, posts its key and its status: the call's own URLs. */
export function callUrlsOf(publicUrl: string, callId: string) {
  const base = `${publicUrl}/v1/twilio/calls/${callId}`;
  return { twiml: `${base}/twiml`, gather: `${base}/gather`, status: `${base}/status` };
}

/** Where Twilio posts how a caller ID verification ended: the verification's own URL. */
export function callerIdStatusUrlOf(publicUrl: string, verificationId: string): string {
  return `${publicUrl}/v1/twilio/caller-ids/${verificationId}/status`;
}

/**
 * Calls when Twilio is configured with a phone number as TWILIO_FROM_NUMBER (a Messaging Service
 * SID sends texts only); null (calls off) otherwise.
 */
export function voiceProviderOf(env: Parameters<typeof twilioConfigOf>[0]): VoiceProvider | null {
  const config = twilioConfigOf(env);
  if (!config || !config.from.startsWith('+')) return null;
  return {
    callerId: config.from,
    isCallbackGenuine: (url, params, signature) => isTwilioSignatureValid(config.authToken, url, params, signature),
    placeCall: ({ to, callId }) => {
      const urls = callUrlsOf(config.publicUrl, callId);
      return postToTwilio(config, 'Calls', {
        To: to,
        From: config.from,
        Url: urls.twiml,
        Method: 'POST',
        StatusCallback: urls.status,
        StatusCallbackMethod: 'POST',
        StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        // Unanswered after 25 s is a missed call, before a voicemail could take it.
        Timeout: '25',
      });
    },
    requestCallerIdVerification: async ({ phone, friendlyName, verificationId }) => {
      const answer = await requestTwilio(config, 'POST', 'OutgoingCallerIds.json', {
        PhoneNumber: phone,
        FriendlyName: friendlyName.slice(0, 64),
        StatusCallback: callerIdStatusUrlOf(config.publicUrl, verificationId),
        StatusCallbackMethod: 'POST',
      });
      if (!answer.ok) return answer;
      const code = answer.body?.validation_code;
      const callSid = answer.body?.call_sid;
      // Twilio documents the code as a string of 6 digits; some answers carry it as a number.
      return typeof code === 'string' || typeof code === 'number'
        ? { ok: true, validationCode: String(code), callSid: typeof callSid === 'string' ? callSid : null }
        : { ok: false, status: 200, providerCode: null, error: 'Twilio answered without a validation code.' };
    },
    releaseCallerId: async (twilioSid) =>
      (await requestTwilio(config, 'DELETE', `OutgoingCallerIds/${encodeURIComponent(twilioSid)}.json`)).ok,
  };
}
