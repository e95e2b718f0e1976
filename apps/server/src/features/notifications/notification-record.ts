import type { Notification } from '@leadbell/shared/notifications';
import type { notifications } from '../../db/schema/notifications.ts';

export function toNotification(row: Pick<typeof notifications.$inferSelect, 'id' | 'flowId' | 'title' | 'message' | 'createdAt'>): Notification {
  return { id: row.id, flowId: row.flowId, title: row.title, message: row.message, createdAt: row.createdAt.toISOString() };
}
