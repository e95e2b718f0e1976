import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from './attempt-outcome.ts';
import { nextDeliveryState } from './record-delivery-attempt.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const HOUR = 3600_000;
const retry = (extra: Partial<AttemptOutcome> = {}): AttemptOutcome =>
  ({ kind: 'retry', error: 'push service error (503)', statusCode: 503, durationMs: 4, ...extra }) as AttemptOutcome;

describe('next delivery state', () => {
  it('a delivered attempt delivers; gone and failed attempts fail without a retry', () => {
    expect(nextDeliveryState({ kind: 'delivered', statusCode: 201, durationMs: 3 }, 0, NOW + HOUR, NOW)).toEqual({
      status: 'delivered',
      attemptOutcome: 'delivered',
      error: null,
      retryAt: null,
    });
    const gone: AttemptOutcome = { kind: 'gone', error: 'device unsubscribed', statusCode: 410, durationMs: 3 };
    expect(nextDeliveryState(gone, 0, NOW + HOUR, NOW)).toMatchObject({
      status: 'failed',
      attemptOutcome: 'gone',
      retryAt: null,
    });
  });

  it('a retryable failure stays pending until a backoff with jitter', () => {
    const state = nextDeliveryState(retry(), 3, NOW + HOUR, NOW, () => 0.5);
    expect(state).toMatchObject({ status: 'pending', attemptOutcome: 'retry', error: 'push service error (503)' });
    expect(state.retryAt!.getTime()).toBe(NOW + 4000);
  });

  it('Retry-After is honoured as given', () => {
    const state = nextDeliveryState(retry({ retryAfterMs: 120_000 } as Partial<AttemptOutcome>), 0, NOW + HOUR, NOW);
    expect(state.retryAt!.getTime()).toBe(NOW + 120_000);
  });

  it('a retry that would land after the TTL runs out is not made: the delivery fails with the reason', () => {
    const late = nextDeliveryState(retry({ retryAfterMs: 2 * HOUR } as Partial<AttemptOutcome>), 0, NOW + HOUR, NOW);
    expect(late).toEqual({
      status: 'failed',
      attemptOutcome: 'failed',
      error: 'push service error (503); gave up when the notification expired',
      retryAt: null,
    });
    expect(nextDeliveryState(retry(), 20, NOW + 1000, NOW, () => 0.9).status).toBe('failed');
  });
});
