import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid, twilioSignatureOf } from './twilio-signature.ts';

// The example of Twilio's own helper libraries' tests (twilio-node spec/unit/webhooks).
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
};

describe('twilio signature', () => {
  it('matches the signature Twilio documents for its example request', () => {
    expect(twilioSignatureOf(TOKEN, URL, PARAMS)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('refuses a missing signature, another URL, a changed parameter or another token', () => {
    const signature = twilioSignatureOf(TOKEN, URL, PARAMS);
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, signature)).toBe(true);
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, `${URL}&x=1`, PARAMS, signature)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, URL, { ...PARAMS, Digits: '1235' }, signature)).toBe(false);
    expect(isTwilioSignatureValid('54321', URL, PARAMS, signature)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, 'short')).toBe(false);
  });
});
