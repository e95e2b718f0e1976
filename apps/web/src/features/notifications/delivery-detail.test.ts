import type { DeliveryDetail } from '@leadbell/shared/notifications';
import { describe, expect, it } from 'vitest';
import { deliveriesByMember, deliveryDetailText } from './delivery-detail.ts';

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

describe('deliveries by member', () => {
  const ann = { userId: 'u1', name: 'Ann', email: 'ann@example.com' };
  const bo = { userId: 'u2', name: 'Bo', email: 'bo@example.com' };

  it('reads as "Ann: delivered to iPhone; Bo: email", in the order teammates first appear', () => {
    const groups = deliveriesByMember([
      detail({ id: 'a', recipient: ann, device: { id: 'p1', label: 'iPhone', pushService: 'web.push.apple.com' } }),
      detail({ id: 'b', channel: 'email', device: null, recipient: bo }),
      detail({ id: 'c', recipient: ann, status: 'failed', device: { id: 'p2', label: 'Laptop', pushService: 'x' } }),
    ]);
    expect(groups.map((group) => `${group.name}: ${group.summary}`).join('; ')).toBe(
      'Ann: delivered to iPhone; Bo: email',
    );
    expect(groups[0]!.details.map((d) => d.id)).toEqual(['a', 'c']);
  });

  it('joins several devices and an email copy, and says when nothing arrived yet or at all', () => {
    const [both] = deliveriesByMember([
      detail({ id: 'a', recipient: ann, device: { id: 'p1', label: 'iPhone', pushService: 'x' } }),
      detail({ id: 'b', recipient: ann, device: { id: 'p2', label: 'Pixel', pushService: 'x' } }),
      detail({ id: 'c', recipient: ann, channel: 'email', device: null }),
    ]);
    expect(both!.summary).toBe('delivered to iPhone, Pixel and email');
    expect(deliveriesByMember([detail({ status: 'pending' })])[0]!.summary).toBe('sending');
    expect(deliveriesByMember([detail({ status: 'failed' })])[0]!.summary).toBe('not delivered');
  });
});
