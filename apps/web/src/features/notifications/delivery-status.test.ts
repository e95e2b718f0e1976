import type { DeliverySummary } from '@leadbell/shared/notifications';
import { describe, expect, it } from 'vitest';
import { deliveryStatusOf } from './delivery-status.ts';

const summary = (overrides: Partial<DeliverySummary>): DeliverySummary => ({
  state: 'accepted',
  delivered: 0,
  failed: 0,
  pending: 0,
  reason: null,
  ...overrides,
});

describe('deliveryStatusOf', () => {
  it('delivery › delivered says so, and counts failures beside it', () => {
    expect(deliveryStatusOf(summary({ state: 'delivered', delivered: 1 }))).toEqual({
      tone: 'success',
      label: 'Delivered',
      detail: '1 delivered.',
    });
    expect(
      deliveryStatusOf(summary({ state: 'delivered', delivered: 2, failed: 1, reason: 'device unsubscribed' })),
    ).toMatchObject({ label: 'Delivered, 1 failed', detail: '2 delivered, 1 failed (device unsubscribed).' });
  });

  it('delivery › failed shows the reason', () => {
    expect(deliveryStatusOf(summary({ state: 'failed', failed: 2, reason: 'device unsubscribed' }))).toEqual({
      tone: 'danger',
      label: 'Failed: device unsubscribed',
      detail: '2 failed (device unsubscribed).',
    });
    expect(deliveryStatusOf(summary({ state: 'failed', failed: 1 })).label).toBe('Failed: not delivered');
  });

  it('delivery › accepted says whether it is still sending or had nowhere to go', () => {
    expect(deliveryStatusOf(summary({ pending: 2 }))).toMatchObject({
      label: 'Accepted',
      detail: 'Sending: 2 deliveries on the way.',
    });
    expect(deliveryStatusOf(summary({})).detail).toMatch(/Nowhere to send it/);
  });
});
