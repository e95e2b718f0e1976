import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('env › TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    // One proxy, never "every hop": the right-most X-Forwarded-For entry is the client.
    ['true', 1],
    ['1', 1],
    ['2', 2],
    [' 10.0.0.1, 10.0.0.0/8 ,loopback,::1,fd00::/8 ', ['10.0.0.1', '10.0.0.0/8', 'loopback', '::1', 'fd00::/8']],
  ])('%s means %j', (value, expected) => {
    expect(loadEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes', '10.0.0.256', '10.0.0.0/33', '1.5', ','])('%s stops the server with a readable line', (value) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: must be false, true \(one proxy\), a hop count, or comma-separated proxy addresses\/CIDRs/,
    );
  });
});

describe('env › mail transport', () => {
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
    // The README's quick start: no PUBLIC_URL, no SMTP_URL.
    undefined,
  ])('without SMTP_URL, a local http PUBLIC_URL (%s) prints mail', (publicUrl) => {
    expect(loadEnv(publicUrl ? { PUBLIC_URL: publicUrl } : {}).MAIL_TRANSPORT).toBe('log');
  });

  it.each(['https://leads.example.com', 'http://leads.example.com', 'https://localhost:3000', 'http://10.0.0.5:3000'])(
    'without SMTP_URL, %s refuses to start and says what to set',
    (publicUrl) => {
      const start = () => loadEnv({ PUBLIC_URL: publicUrl, SMTP_URL: '' });
      expect(start).toThrow(/^Invalid environment:\n {2}- SMTP_URL: required when PUBLIC_URL \(/);
      expect(start).toThrow(/Set SMTP_URL \(e\.g\. smtps:\/\/.*\) to send them, or MAIL_TRANSPORT=log/);
    },
  );

  it('sends through SMTP_URL when it is set', () => {
    expect(
      loadEnv({ PUBLIC_URL: 'https://leads.example.com', SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).MAIL_TRANSPORT,
    ).toBe('smtp');
  });

  it('MAIL_TRANSPORT=log prints mail on purpose, even with an https PUBLIC_URL or an SMTP_URL', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://leads.example.com', MAIL_TRANSPORT: 'log' }).MAIL_TRANSPORT).toBe('log');
    expect(loadEnv({ MAIL_TRANSPORT: 'log', SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).MAIL_TRANSPORT).toBe('log');
  });

  it('MAIL_TRANSPORT=smtp needs SMTP_URL, even on localhost', () => {
    expect(() => loadEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required when MAIL_TRANSPORT=smtp/);
  });

  it('lists the mail problem together with every other wrong variable', () => {
    expect(() => loadEnv({ PUBLIC_URL: 'https://leads.example.com', PORT: 'eighty', TRUST_PROXY: 'yes' })).toThrow(
      /- PORT: .*\n {2}- TRUST_PROXY: .*\n {2}- SMTP_URL: required when PUBLIC_URL/,
    );
  });
});

describe('env › abuse limits (issue 47)', () => {
  it('SMS_ALLOWED_COUNTRIES defaults to the console’s English-speaking markets and reads a list in any case', () => {
    expect(loadEnv({}).SMS_ALLOWED_COUNTRIES).toEqual(['US', 'CA', 'GB', 'IE', 'AU', 'NZ']);
    expect(loadEnv({ SMS_ALLOWED_COUNTRIES: ' gb, de ,GB' }).SMS_ALLOWED_COUNTRIES).toEqual(['GB', 'DE']);
    expect(() => loadEnv({ SMS_ALLOWED_COUNTRIES: 'GB,Germany' })).toThrow(
      /SMS_ALLOWED_COUNTRIES: must be comma-separated two-letter country codes \(US,GB\), not GERMANY/,
    );
    expect(() => loadEnv({ SMS_ALLOWED_COUNTRIES: ' , ' })).toThrow(/SMS_ALLOWED_COUNTRIES/);
  });

  it('SMS_PER_HOUR and VISITOR_MAILS_PER_MINUTE are whole numbers of at least 1', () => {
    expect(loadEnv({})).toMatchObject({ SMS_PER_HOUR: 300, VISITOR_MAILS_PER_MINUTE: 120 });
    expect(loadEnv({ SMS_PER_HOUR: '20', VISITOR_MAILS_PER_MINUTE: '30' })).toMatchObject({
      SMS_PER_HOUR: 20,
      VISITOR_MAILS_PER_MINUTE: 30,
    });
    expect(() => loadEnv({ SMS_PER_HOUR: '0' })).toThrow(/SMS_PER_HOUR/);
    expect(() => loadEnv({ VISITOR_MAILS_PER_MINUTE: 'lots' })).toThrow(/VISITOR_MAILS_PER_MINUTE/);
  });
});
