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
  createdAt: notifications.createdAt,
};

export function toNotification(
  row: Pick<typeof notifications.$inferSelect, 'id' | 'flowId' | 'title' | 'message' | 'url' | 'createdAt'>,
  delivery: DeliverySummary,
): Notification {
  return {
    id: row.id,
    flowId: row.flowId,
    title: row.title,
    message: row.message,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    delivery,
  };
}
