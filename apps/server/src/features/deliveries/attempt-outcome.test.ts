import { describe, expect, it } from 'vitest';
import { outcomeOfPushAnswer, parseRetryAfter } from './attempt-outcome.ts';

const answer = (statusCode: number, retryAfter?: string) => ({ statusCode, retryAfter, durationMs: 5 });

describe('attempt outcome', () => {
  it('maps push-service answers to delivered, gone, failed or retry', () => {
    expect(outcomeOfPushAnswer(answer(201)).kind).toBe('delivered');
    expect(outcomeOfPushAnswer(answer(200)).kind).toBe('delivered');
    expect(outcomeOfPushAnswer(answer(202)).kind).toBe('delivered');
    expect(outcomeOfPushAnswer(answer(410))).toMatchObject({ kind: 'gone', error: 'device unsubscribed' });
    expect(outcomeOfPushAnswer(answer(404))).toMatchObject({ kind: 'gone', error: 'device unsubscribed' });
    expect(outcomeOfPushAnswer(answer(413))).toMatchObject({ kind: 'failed', error: 'payload too large' });
    expect(outcomeOfPushAnswer(answer(403))).toMatchObject({ kind: 'failed', statusCode: 403 });
    expect(outcomeOfPushAnswer(answer(503))).toMatchObject({ kind: 'retry', statusCode: 503 });
    expect(outcomeOfPushAnswer(answer(429, '7'))).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
    expect(outcomeOfPushAnswer(answer(429))).not.toHaveProperty('retryAfterMs');
    expect(
      outcomeOfPushAnswer({ statusCode: null, error: 'no answer within 10 s', isPermanent: false, durationMs: 10_000 }),
    ).toMatchObject({ kind: 'retry', error: 'no answer within 10 s' });
    expect(outcomeOfPushAnswer({ statusCode: null, error: 'bad key', isPermanent: true, durationMs: 0 }).kind).toBe(
      'failed',
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
