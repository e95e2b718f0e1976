import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { smsProviderOf, smsStatusUrlOf, twilioConfigOf } from './sms-provider.ts';

const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'x'.repeat(32),
  TWILIO_FROM_NUMBER: '+15005550006',
};

describe('sms provider', () => {
  it('is off without Twilio, on with all three variables, its callbacks at PUBLIC_URL', () => {
    expect(smsProviderOf(loadEnv({ NODE_ENV: 'test' }))).toBeNull();
    const env = loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://leads.example.com/',
      MAIL_TRANSPORT: 'log',
      ...TWILIO,
    });
    expect(twilioConfigOf(env)).toMatchObject({ apiUrl: 'https://api.twilio.com', from: '+15005550006' });
    expect(smsProviderOf(env)).not.toBeNull();
    expect(smsStatusUrlOf(twilioConfigOf(env)!.publicUrl, '4f1c0e2a-0000-4000-8000-000000000001')).toBe(
      'https://leads.example.com/v1/twilio/messages/4f1c0e2a-0000-4000-8000-000000000001/status',
    );
  });

  it('refuses some Twilio variables without the others, and a malformed SID or sender', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID })).toThrow(
      /TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID[\s\S]*TWILIO_FROM_NUMBER: required/,
    );
    expect(() => loadEnv({ NODE_ENV: 'test', ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadEnv({ NODE_ENV: 'test', ...TWILIO, TWILIO_FROM_NUMBER: '0044 7700' })).toThrow(
      /TWILIO_FROM_NUMBER/,
    );
  });
});
