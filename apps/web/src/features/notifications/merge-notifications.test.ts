import type { Notification, NotificationPage } from '@leadbell/shared/notifications';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mergeNotifications, type LiveNotification } from './merge-notifications.ts';

function notification(id: string): Notification {
  return {
    id,
    flowId: 'f',
    title: `t${id}`,
    message: `m${id}`,
    url: null,
    data: null,
    isTest: false,
    isHeld: false,
    source: 'api',
    pageUrl: null,
    shortenedFields: [],
    createdAt: '2026-11-21T10:00:00Z',
    delivery: { state: 'accepted', delivered: 0, failed: 0, pending: 0, reason: null },
  };
}

function pages(...ids: string[][]): InfiniteData<NotificationPage, string | null> {
  return {
    pages: ids.map((page, index) => ({
      Notifications: page.map(notification),
      flow: 'Contact',
      flowTitle: 'New lead',
      nextCursor: index < ids.length - 1 ? String(index) : null,
    })),
    pageParams: ids.map((_, index) => (index === 0 ? null : String(index - 1))),
  };
}

const live = (seq: number, id: string): LiveNotification => ({ seq, notification: notification(id) });
const ids = (data: InfiniteData<NotificationPage, string | null> | undefined) =>
  data?.pages.map((page) => page.Notifications.map((item) => item.id));

describe('mergeNotifications', () => {
  it('live notifications › a new one goes on top of the first page', () => {
    expect(ids(mergeNotifications(pages(['b', 'a'], ['z']), [live(3, 'c')]))).toEqual([['c', 'b', 'a'], ['z']]);
  });

  it('live notifications › several arrive newest first, whatever order they are given in', () => {
    expect(ids(mergeNotifications(pages(['a']), [live(2, 'b'), live(4, 'd'), live(3, 'c')]))).toEqual([
      ['d', 'c', 'b', 'a'],
    ]);
  });

  it('live notifications › one already listed is not added twice', () => {
    const data = pages(['b', 'a'], ['z']);
    expect(mergeNotifications(data, [live(2, 'b'), live(0, 'z')])).toBe(data);
    expect(ids(mergeNotifications(data, [live(3, 'c'), live(3, 'c'), live(2, 'b')]))).toEqual([['c', 'b', 'a'], ['z']]);
  });

  it('live notifications › keeps cursors and page params', () => {
    const data = pages(['b'], ['a']);
    const merged = mergeNotifications(data, [live(9, 'c')]);
    expect(merged?.pageParams).toEqual(data.pageParams);
    expect(merged?.pages.map((page) => page.nextCursor)).toEqual(['0', null]);
  });

  it('live notifications › nothing loaded yet stays nothing', () => {
    expect(mergeNotifications(undefined, [live(1, 'a')])).toBeUndefined();
  });
});
