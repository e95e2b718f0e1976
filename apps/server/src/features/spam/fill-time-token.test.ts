import { describe, expect, it } from 'vitest';
import { createFillTimeTokens, FILL_TIME } from './fill-time-token.ts';

const FLOW = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const OTHER_FLOW = '7f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const tokens = createFillTimeTokens('a-server-secret-of-at-least-32-characters');
const issuedAt = new Date('2026-11-25T10:00:00Z');
const after = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

describe('fill-time token', () => {
  const token = tokens.issue(FLOW, issuedAt);

  it('a form sent at a person’s pace is human; faster than a person types is too fast', () => {
    expect(tokens.judge(token, { flowId: FLOW, now: after(FILL_TIME.minimumSeconds), expected: true })).toMatchObject({
      verdict: 'human',
      nonce: expect.stringMatching(/^[\w-]{16}$/),
    });
    expect(tokens.judge(token, { flowId: FLOW, now: after(1), expected: true }).verdict).toBe('too_fast');
  });

  it('past its lifetime it has expired; its nonce still travels, to tell a replay', () => {
    const judged = tokens.judge(token, { flowId: FLOW, now: after(FILL_TIME.lifetimeSeconds + 1), expected: true });
    expect(judged.verdict).toBe('expired');
    expect(judged.nonce).not.toBeNull();
  });

  it('made up, for another flow, from another server, or from the future: forged, with no nonce kept', () => {
    const forged = (candidate: string, flowId = FLOW, now = after(10)) =>
      tokens.judge(candidate, { flowId, now, expected: true });
    const [issued, nonce, signature] = token.split('.');
    for (const candidate of [
      'nonsense',
      `${issued}.${nonce}.${'A'.repeat(signature!.length)}`,
      `${(issuedAt.getTime() - 60_000).toString(36)}.${nonce}.${signature}`,
      createFillTimeTokens('another-server-secret-of-32-characters!').issue(FLOW, issuedAt),
    ])
      expect(forged(candidate)).toEqual({ verdict: 'forged', nonce: null });
    expect(forged(token, OTHER_FLOW)).toEqual({ verdict: 'forged', nonce: null });
    expect(forged(tokens.issue(FLOW, after(FILL_TIME.clockSkewSeconds + 60)), FLOW, issuedAt).verdict).toBe('forged');
  });

  it('none: missing where a page would have sent one, not applicable for a server', () => {
    expect(tokens.judge(null, { flowId: FLOW, now: issuedAt, expected: true }).verdict).toBe('missing');
    expect(tokens.judge(null, { flowId: FLOW, now: issuedAt, expected: false }).verdict).toBe('not_applicable');
  });

  it('every token is new', () => {
    expect(tokens.issue(FLOW, issuedAt)).not.toBe(tokens.issue(FLOW, issuedAt));
  });
});
