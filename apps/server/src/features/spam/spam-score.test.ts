import { describe, expect, it } from 'vitest';
import { SPAM_SAMPLES, type SpamSample } from './spam-samples.ts';
import {
  messageFingerprint,
  requestVerdictOf,
  scoreLead,
  senderFingerprint,
  SPAM_THRESHOLD,
  type SpamInput,
} from './spam-score.ts';

function inputOf(sample: SpamSample, overrides: Partial<SpamInput> = {}): SpamInput {
  return {
    data: sample.data,
    honeypotFilled: sample.honeypotFilled ?? false,
    fillTime: sample.fillTime,
    captcha: 'not_applicable',
    knownLanguages: [],
    network: { otherEntities: 0, sameSender: true },
    markedBefore: false,
    ...overrides,
  };
}

const genuine = SPAM_SAMPLES.filter((sample) => sample.label === 'genuine');
const spam = SPAM_SAMPLES.filter((sample) => sample.label === 'spam');

describe('spam score', () => {
  it('on the labelled set: no genuine inquiry quarantined, nearly all spam caught (precision and recall)', () => {
    const flagged = SPAM_SAMPLES.filter((sample) => scoreLead(inputOf(sample)).isSpam);
    const caught = flagged.filter((sample) => sample.label === 'spam').length;
    const precision = caught / flagged.length;
    const recall = caught / spam.length;
    console.log(
      `spam score on ${SPAM_SAMPLES.length} labelled submissions: precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)}`,
    );
    const quarantinedGenuine = genuine.filter((sample) => scoreLead(inputOf(sample)).isSpam);
    expect(quarantinedGenuine.map((sample) => sample.data)).toEqual([]);
    expect(precision).toBe(1);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('words alone never quarantine: every sample, sent by a server with no address, stays below the line', () => {
    for (const sample of SPAM_SAMPLES) {
      const { email: _email, ...withoutAddress } = sample.data;
      const verdict = scoreLead(
        inputOf(sample, { data: withoutAddress, fillTime: 'not_applicable', honeypotFilled: false }),
      );
      expect(verdict.score, JSON.stringify(sample.data)).toBeLessThan(SPAM_THRESHOLD);
    }
  });

  it('a missing fill-time token alone never quarantines; a filled hidden field or an earlier Spam mark does', () => {
    const [inquiry] = genuine;
    expect(scoreLead(inputOf(inquiry!, { fillTime: 'missing' }))).toMatchObject({
      isSpam: false,
      reasons: [{ code: 'missing_token' }],
    });
    expect(scoreLead(inputOf(inquiry!, { honeypotFilled: true })).isSpam).toBe(true);
    expect(scoreLead(inputOf(inquiry!, { markedBefore: true })).reasons).toContainEqual({
      code: 'marked_before',
      points: 10,
    });
  });

  it('each fill-time verdict is its own reason', () => {
    const [inquiry] = genuine;
    const reasonOf = (fillTime: SpamInput['fillTime']) =>
      scoreLead(inputOf(inquiry!, { fillTime })).reasons.map((reason) => reason.code);
    expect(reasonOf('too_fast')).toEqual(['too_fast']);
    expect(reasonOf('forged')).toEqual(['forged_token']);
    expect(reasonOf('replayed')).toEqual(['replayed_token']);
    expect(reasonOf('expired')).toEqual(['expired_token']);
    expect(reasonOf('human')).toEqual([]);
    expect(reasonOf('not_applicable')).toEqual([]);
  });

  it('a failed CAPTCHA quarantines on its own; one Cloudflare could not check only adds a little', () => {
    const [inquiry] = genuine;
    const verdictOf = (captcha: SpamInput['captcha']) => scoreLead(inputOf(inquiry!, { captcha }));
    expect(verdictOf('failed')).toMatchObject({ isSpam: true, reasons: [{ code: 'captcha_failed', points: 10 }] });
    expect(verdictOf('unverified')).toMatchObject({
      isSpam: false,
      reasons: [{ code: 'captcha_unverified', points: 3 }],
    });
    expect(verdictOf('passed').reasons).toEqual([]);
  });

  it('the same words at other businesses: a campaign when pitched or from another sender, not when one person asks around', () => {
    const [inquiry] = genuine;
    const [pitch] = spam.filter((sample) => sample.fillTime === 'too_fast');
    const elsewhere = (sameSender: boolean) => ({ network: { otherEntities: 2, sameSender } });
    expect(scoreLead(inputOf(inquiry!, elsewhere(true))).isSpam).toBe(false);
    expect(scoreLead(inputOf(inquiry!, elsewhere(false))).isSpam).toBe(true);
    expect(scoreLead(inputOf(pitch!, { fillTime: 'human', ...elsewhere(true) })).reasons.map((r) => r.code)).toContain(
      'network_fingerprint',
    );
  });

  it('a language the flow never received adds to the score; a flow without history has no language yet', () => {
    const russian = genuine.find((sample) => sample.data.name === 'Olga')!;
    expect(scoreLead(inputOf(russian, { knownLanguages: ['en', 'de'] })).reasons.map((r) => r.code)).toEqual([
      'new_language',
    ]);
    expect(scoreLead(inputOf(russian, { knownLanguages: ['ru'] })).reasons).toEqual([]);
    expect(scoreLead(inputOf(russian)).reasons).toEqual([]);
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
      requestVerdictOf({
        data: { email },
        honeypotFilled: false,
        fillTime: 'not_applicable',
        captcha: 'not_applicable',
      }).reasons.map((reason) => reason.code);
    expect(codes('someone@mailinator.com')).toEqual(['disposable_email']);
    expect(codes('someone@inbox.mailinator.com')).toEqual(['disposable_email']);
    expect(codes('someone@@mail')).toEqual(['invalid_email']);
    expect(codes('info@acme.example')).toEqual(['role_email']);
    expect(codes('ann.lee@gmail.com')).toEqual([]);
  });
});
