import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FillTimeVerdict } from './spam-score.ts';

/**
 * The fill-time token (decision 039): issued to a form's page when it loads, sent back with the
 * form, and judged at ingestion from the request alone (an HMAC, no statement). It says when the
 * page was loaded and for which flow, so a form sent faster than a person types, a token made up,
 * one for another flow, or one from a page left open for hours each raise the spam score. Its
 * nonce travels with the lead; the worker tells a token used twice (replay).
 */
export const FILL_TIME = {
  /** Faster than this from page load to sending, no person filled the form in. */
  minimumSeconds: 3,
  /** A page left open longer than this gets a new token when it reloads: the old one has expired. */
  lifetimeSeconds: 4 * 60 * 60,
  /** How far a token may seem to come from the future (several servers' clocks). */
  clockSkewSeconds: 30,
} as const;

const SIGNATURE_LENGTH = 22;
const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

export type FillTimeJudgement = {
  verdict: FillTimeVerdict;
  /** The nonce of a genuine token, kept with the lead so a second use is recognised; else null. */
  nonce: string | null;
};

export type FillTimeTokens = {
  issue: (flowId: string, now: Date) => string;
  /**
   * `expected`: a form post, which always comes from a page with the snippet (a missing token
   * counts); a JSON call may come from a server, which has none.
   */
  judge: (token: string | null, context: { flowId: string; now: Date; expected: boolean }) => FillTimeJudgement;
};

export function createFillTimeTokens(secret: string): FillTimeTokens {
  // Its own key, derived from the server's secret: a token never verifies as anything else.
  const key = Buffer.from(hkdfSync('sha256', secret, 'leadbell', 'fill-time token v1', 32));
  const signatureOf = (flowId: string, issued: string, nonce: string) =>
    createHmac('sha256', key).update(`${flowId}.${issued}.${nonce}`).digest('base64url').slice(0, SIGNATURE_LENGTH);

  return {
    issue(flowId, now) {
      const issued = now.getTime().toString(36);
      const nonce = randomBytes(12).toString('base64url');
      return `${issued}.${nonce}.${signatureOf(flowId, issued, nonce)}`;
    },
    judge(token, { flowId, now, expected }) {
      if (!token) return { verdict: expected ? 'missing' : 'not_applicable', nonce: null };
      const parts = TOKEN.exec(token);
      if (!parts) return { verdict: 'forged', nonce: null };
      const [, issued, nonce, signature] = parts as unknown as [string, string, string, string];
      const expectedSignature = signatureOf(flowId, issued, nonce);
      if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expectedSignature)))
        return { verdict: 'forged', nonce: null };
      const ageSeconds = (now.getTime() - parseInt(issued, 36)) / 1000;
      if (ageSeconds < -FILL_TIME.clockSkewSeconds) return { verdict: 'forged', nonce: null };
      if (ageSeconds > FILL_TIME.lifetimeSeconds) return { verdict: 'expired', nonce };
      return { verdict: ageSeconds < FILL_TIME.minimumSeconds ? 'too_fast' : 'human', nonce };
    },
  };
}
