import type { Notification } from '@leadbell/shared/notifications';
import { notifications } from '../../db/schema/notifications.ts';

/** The columns a notification is read with, its position (`seq`) included. */
export const notificationColumns = {
  id: notifications.id,
  seq: notifications.seq,
  flowId: notifications.flowId,
  title: notifications.title,
  message: notifications.message,
  createdAt: notifications.createdAt,
};

export function toNotification(
  row: Pick<typeof notifications.$inferSelect, 'id' | 'flowId' | 'title' | 'message' | 'createdAt'>,
): Notification {
  return {
    id: row.id,
    flowId: row.flowId,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
