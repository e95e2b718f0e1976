import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (twilio.com/docs/usage/security): HMAC-SHA1 with the auth token over
 * the full URL Twilio called followed by each POST parameter's name and value, names sorted; base64.
 */
export function twilioSignatureOf(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Whether `signature` (the X-Twilio-Signature header) is Twilio's for this URL and body; constant time. */
export function isTwilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignatureOf(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
