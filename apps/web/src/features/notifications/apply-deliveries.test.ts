import type { DeliverySummary, Notification, NotificationPage } from '@leadbell/shared/notifications';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyDeliveries } from './apply-deliveries.ts';

const ACCEPTED: DeliverySummary = { state: 'accepted', delivered: 0, failed: 0, pending: 2, reason: null };
const ONE_DELIVERED: DeliverySummary = { state: 'delivered', delivered: 1, failed: 0, pending: 1, reason: null };
const BOTH_DELIVERED: DeliverySummary = { state: 'delivered', delivered: 2, failed: 0, pending: 0, reason: null };

function notification(id: string, delivery = ACCEPTED): Notification {
  return {
    id,
    flowId: 'f',
    title: id,
    message: id,
    url: null,
    data: null,
    isTest: false,
    isHeld: false,
    source: 'api',
    pageUrl: null,
    shortenedFields: [],
    createdAt: '2026-11-21T10:00:00Z',
    delivery,
  };
}

function pages(...rows: Notification[][]): InfiniteData<NotificationPage, string | null> {
  return {
    pages: rows.map((page) => ({ Notifications: page, flow: 'Contact', flowTitle: 'New lead', nextCursor: null })),
    pageParams: rows.map((_, index) => (index === 0 ? null : String(index))),
  };
}

describe('applyDeliveries', () => {
  it('delivery events › update the matching row in place, on any page', () => {
    const data = pages([notification('b')], [notification('a')]);
    const next = applyDeliveries(data, new Map([['a', ONE_DELIVERED]]));
    expect(next?.pages[1]?.Notifications[0]?.delivery).toEqual(ONE_DELIVERED);
    expect(next?.pages[0]).toBe(data.pages[0]);
  });

  it('delivery events › an older status never replaces a newer one', () => {
    const data = pages([notification('a', BOTH_DELIVERED)]);
    expect(applyDeliveries(data, new Map([['a', ONE_DELIVERED]]))).toBe(data);
  });

  it('delivery events › unknown rows and identical statuses change nothing', () => {
    const data = pages([notification('a', ONE_DELIVERED)]);
    expect(applyDeliveries(data, new Map([['z', BOTH_DELIVERED]]))).toBe(data);
    expect(applyDeliveries(data, new Map([['a', { ...ONE_DELIVERED }]]))).toBe(data);
    expect(applyDeliveries(undefined, new Map([['a', ONE_DELIVERED]]))).toBeUndefined();
  });
});
