import { postToTwilio, twilioConfigOf, type TwilioPostResult } from '../sms/sms-provider.ts';
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
   * The number calls come from, and the caller ID the customer sees when a member is connected:
   * TWILIO_FROM_NUMBER, since Twilio lets a `<Dial>` show only the account's own numbers or ones it
   * verified, and a business has no verified number of its own here (decision 079).
   */
  callerId: string;
};

/** Where Twilio fetches a call's TwiML, posts its key and its status: the call's own URLs. */
export function callUrlsOf(publicUrl: string, callId: string) {
  const base = `${publicUrl}/v1/twilio/calls/${callId}`;
  return { twiml: `${base}/twiml`, gather: `${base}/gather`, status: `${base}/status` };
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
  };
}
