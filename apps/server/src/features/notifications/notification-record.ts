import type { DeliverySummary, Notification } from '@leadbell/shared/notifications';
import { notifications } from '../../db/schema/notifications.ts';

/** The columns a notification is read with, its position (`seq`) included. */
export const notificationColumns = {
  id: notifications.id,
  seq: notifications.seq,
  flowId: notifications.flowId,
  title: notifications.title,
  message: notifications.message,
  url: notifications.url,
  data: notifications.data,
  isTest: notifications.isTest,
  isHeld: notifications.isHeld,
  source: notifications.source,
  pageUrl: notifications.pageUrl,
  shortenedFields: notifications.shortenedFields,
  createdAt: notifications.createdAt,
};

export function toNotification(
  row: Pick<typeof notifications.$inferSelect, Exclude<keyof typeof notificationColumns, 'seq'>>,
  delivery: DeliverySummary,
): Notification {
  return {
    id: row.id,
    flowId: row.flowId,
    title: row.title,
    message: row.message,
    url: row.url,
    data: (row.data as Notification['data']) ?? null,
    isTest: row.isTest,
    isHeld: row.isHeld,
    source: row.source,
    pageUrl: row.pageUrl,
    shortenedFields: row.shortenedFields,
    createdAt: row.createdAt.toISOString(),
    delivery,
  };
}
