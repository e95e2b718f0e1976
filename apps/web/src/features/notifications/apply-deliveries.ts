import type { DeliverySummary, NotificationPage } from '@leadbell/shared/notifications';
import type { InfiniteData } from '@tanstack/react-query';

function settled(delivery: DeliverySummary) {
  return delivery.delivered + delivery.failed;
}

function isSame(a: DeliverySummary, b: DeliverySummary) {
  return (
    a.state === b.state &&
    a.delivered === b.delivered &&
    a.failed === b.failed &&
    a.pending === b.pending &&
    a.reason === b.reason
  );
}

/**
 * Puts live delivery statuses onto the loaded rows. Deliveries only ever settle, so a status with
 * fewer settled deliveries than the row's is older (a refetch can overtake an event) and is
 * skipped. Returns `data` itself when nothing changes.
 */
export function applyDeliveries(
  data: InfiniteData<NotificationPage, string | null> | undefined,
  deliveries: ReadonlyMap<string, DeliverySummary>,
): InfiniteData<NotificationPage, string | null> | undefined {
  if (!data || deliveries.size === 0) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const notifications = page.Notifications.map((notification) => {
      const update = deliveries.get(notification.id);
      if (!update || isSame(update, notification.delivery) || settled(update) < settled(notification.delivery)) {
        return notification;
      }
      pageChanged = true;
      return { ...notification, delivery: update };
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, Notifications: notifications };
  });
  return changed ? { ...data, pages } : data;
}
