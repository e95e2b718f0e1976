import type { DeliveryDetail } from '@leadbell/shared/notifications';
import { describe, expect, it } from 'vitest';
import { deliveryDetailText } from './delivery-detail.ts';

function detail(overrides: Partial<DeliveryDetail>): DeliveryDetail {
  return {
    id: 'd1',
    channel: 'push',
    status: 'delivered',
    recipient: { userId: 'u1', name: 'Olive', email: 'olive@example.com' },
    device: { id: 'p1', label: 'Chrome on Android', pushService: 'fcm.googleapis.com' },
    attempts: 1,
    lastError: null,
    deliveredAt: '2026-11-23T10:00:01.000Z',
    receivedAt: null,
    fallbackReason: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

describe('delivery detail', () => {
  it('tells a push the device confirmed from one only the push service took', () => {
    expect(deliveryDetailText(detail({ receivedAt: '2026-11-23T10:00:02.000Z' }))).toEqual({
      target: 'Chrome on Android',
      tone: 'success',
      status: 'Shown on the device',
      fallback: null,
    });
    expect(deliveryDetailText(detail({})).status).toBe('Delivered to the push service');
  });

  it('gives the reason of a failure', () => {
    expect(deliveryDetailText(detail({ status: 'failed', lastError: 'Push service answered 410' }))).toMatchObject({
      tone: 'danger',
      status: 'Failed: Push service answered 410',
    });
  });

  it('counts attempts of a delivery still being retried', () => {
    expect(deliveryDetailText(detail({ status: 'pending', attempts: 2, deliveredAt: null })).status).toBe(
      'Retrying (2 attempts so far)',
    );
    expect(deliveryDetailText(detail({ status: 'pending', attempts: 0, deliveredAt: null })).status).toBe('Sending');
  });

  it('names a removed device', () => {
    expect(deliveryDetailText(detail({ device: null })).target).toBe('A device that was removed since');
  });

  it('says why an automatic email copy went out', () => {
    const email = { channel: 'email' as const, device: null };
    expect(deliveryDetailText(detail({ ...email, fallbackReason: 'no_device' }))).toEqual({
      target: 'Email to olive@example.com',
      tone: 'success',
      status: 'Sent',
      fallback: 'Emailed because you have no device with notifications on',
    });
    expect(deliveryDetailText(detail({ ...email, fallbackReason: 'push_failed' })).fallback).toBe(
      'Emailed because no device could be reached',
    );
    expect(deliveryDetailText(detail({ ...email })).fallback).toBeNull();
  });
});
