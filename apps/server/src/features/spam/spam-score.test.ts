import { describe, expect, it } from 'vitest';
import { SPAM_SAMPLES, type SpamSample } from './spam-samples.ts';
import { messageFingerprint, requestSignalsOf, senderFingerprint, type SpamInput } from './spam-score.ts';

// The request's own spam signals (decision 039). What they add up to is the worker's verdict, and
// its tests are those of 32-spam-verdict.sql (db/functions/spam-verdict.integration.test.ts).

function inputOf(sample: SpamSample, overrides: Partial<SpamInput> = {}): SpamInput {
  return {
    data: sample.data,
    honeypotFilled: sample.honeypotFilled ?? false,
    fillTime: sample.fillTime,
    captcha: 'not_applicable',
    ...overrides,
  };
}

const codesOf = (input: SpamInput) => requestSignalsOf(input).map((reason) => reason.code);
const [inquiry] = SPAM_SAMPLES.filter((sample) => sample.label === 'genuine');

describe('spam signals of the request', () => {
  it('a genuine inquiry from a person in a browser shows none', () => {
    expect(requestSignalsOf(inputOf(inquiry!, { fillTime: 'human' }))).toEqual([]);
  });

  it('the hidden field, each fill-time verdict and the CAPTCHA are each their own reason, with their points', () => {
    expect(requestSignalsOf(inputOf(inquiry!, { fillTime: 'human', honeypotFilled: true }))).toEqual([
      { code: 'honeypot', points: 10 },
    ]);
    const reasonOf = (fillTime: SpamInput['fillTime']) => codesOf(inputOf(inquiry!, { fillTime }));
    expect(reasonOf('too_fast')).toEqual(['too_fast']);
    expect(reasonOf('forged')).toEqual(['forged_token']);
    expect(reasonOf('replayed')).toEqual(['replayed_token']);
    expect(reasonOf('expired')).toEqual(['expired_token']);
    expect(requestSignalsOf(inputOf(inquiry!, { fillTime: 'missing' }))).toEqual([
      { code: 'missing_token', points: 2 },
    ]);
    expect(reasonOf('human')).toEqual([]);
    expect(reasonOf('not_applicable')).toEqual([]);
    const captchaOf = (captcha: SpamInput['captcha']) =>
      requestSignalsOf(inputOf(inquiry!, { fillTime: 'human', captcha }));
    expect(captchaOf('failed')).toEqual([{ code: 'captcha_failed', points: 10 }]);
    expect(captchaOf('unverified')).toEqual([{ code: 'captcha_unverified', points: 3 }]);
    expect(captchaOf('passed')).toEqual([]);
  });

  it('the words: links, shorteners, HTML, runs of links, pitch phrasing and capitals', () => {
    const [crypto] = SPAM_SAMPLES.filter((sample) => sample.data.email === 'profits@mailinator.com');
    expect(codesOf(inputOf(crypto!, { fillTime: 'human' }))).toEqual([
      'links',
      'link_shortener',
      'url_runs',
      'spam_phrases',
      'disposable_email',
    ]);
    const shouting = { message: 'CALL ME BACK ABOUT THE KITCHEN PLEASE <b>TODAY</b>' };
    expect(
      codesOf({ data: shouting, honeypotFilled: false, fillTime: 'not_applicable', captcha: 'not_applicable' }),
    ).toEqual(['html', 'all_caps']);
  });

  it('fingerprints fold case, accents, spacing and punctuation; short messages have none; only hashes', () => {
    const message = 'Hi, I visited your website and we offer guaranteed SEO backlinks for your business!';
    const fingerprint = messageFingerprint({ message });
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(messageFingerprint({ text: `  ${message.toUpperCase().replace(/,/g, ' ;')}  ` })).toBe(fingerprint);
    expect(messageFingerprint({ message: 'Call me back' })).toBeNull();
    expect(senderFingerprint({ email: 'Ann@Example.com' })).toBe(senderFingerprint({ email: 'ann@example.com' }));
    expect(senderFingerprint({ email: 'Ann@Example.com' })).not.toContain('example');
  });

  it('disposable, impossible and role addresses are told apart', () => {
    const codes = (email: string) =>
      codesOf({ data: { email }, honeypotFilled: false, fillTime: 'not_applicable', captcha: 'not_applicable' });
    expect(codes('someone@mailinator.com')).toEqual(['disposable_email']);
    expect(codes('someone@inbox.mailinator.com')).toEqual(['disposable_email']);
    expect(codes('someone@@mail')).toEqual(['invalid_email']);
    expect(codes('info@acme.example')).toEqual(['role_email']);
    expect(codes('ann.lee@gmail.com')).toEqual([]);
  });
});
