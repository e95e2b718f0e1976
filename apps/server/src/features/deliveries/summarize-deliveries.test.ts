import { describe, expect, it } from 'vitest';
import { toDeliverySummary } from './summarize-deliveries.ts';

describe('delivery summary', () => {
  it('is delivered as soon as one target got it, even with others pending or failed', () => {
    expect(toDeliverySummary({ delivered: 1, failed: 1, pending: 1, reason: 'x' }).state).toBe('delivered');
  });

  it('is failed only when every target failed', () => {
    expect(toDeliverySummary({ delivered: 0, failed: 2, pending: 0, reason: 'device unsubscribed' })).toEqual({
      state: 'failed',
      delivered: 0,
      failed: 2,
      pending: 0,
      reason: 'device unsubscribed',
    });
    expect(toDeliverySummary({ delivered: 0, failed: 1, pending: 1, reason: null }).state).toBe('accepted');
  });

  it('is accepted while pending and when there is nobody to deliver to', () => {
    expect(toDeliverySummary({ delivered: 0, failed: 0, pending: 2, reason: null }).state).toBe('accepted');
    expect(toDeliverySummary({ delivered: 0, failed: 0, pending: 0, reason: null }).state).toBe('accepted');
  });
});
