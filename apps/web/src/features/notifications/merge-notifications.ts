import type { Notification, NotificationPage } from '@leadbell/shared/notifications';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * A notification from the live stream with its place in the stream's order. Not the SSE event id:
 * a lead is shown before its position is final, without one (decision 066).
 */
export type LiveNotification = { seq: number; notification: Notification };

/**
 * Puts live notifications that the loaded pages do not hold yet on top of the first page,
 * newest first. Returns `data` itself when nothing is missing, so callers can tell a no-op
 * (and a cache listener does not loop on its own update).
 */
export function mergeNotifications(
  data: InfiniteData<NotificationPage, string | null> | undefined,
  live: readonly LiveNotification[],
): InfiniteData<NotificationPage, string | null> | undefined {
  const [firstPage, ...otherPages] = data?.pages ?? [];
  if (!data || !firstPage || live.length === 0) return data;
  const known = new Set(data.pages.flatMap((page) => page.Notifications.map((notification) => notification.id)));
  const missing = new Map<string, LiveNotification>();
  for (const item of live) {
    if (!known.has(item.notification.id)) missing.set(item.notification.id, item);
  }
  if (missing.size === 0) return data;
  const newestFirst = [...missing.values()].sort((a, b) => b.seq - a.seq).map((item) => item.notification);
  return {
    ...data,
    pages: [{ ...firstPage, Notifications: [...newestFirst, ...firstPage.Notifications] }, ...otherPages],
  };
}
