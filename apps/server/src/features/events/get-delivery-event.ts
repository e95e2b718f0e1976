import { and, eq } from 'drizzle-orm';
import type { DeliveryEvent } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';

/** Where a notification's deliveries stand now, for the live stream; null once it is gone. */
export async function getDeliveryEvent(
  db: Database,
  entityId: string,
  notificationId: string,
): Promise<DeliveryEvent | null> {
  const [notification] = await db
    .select({ flowId: notifications.flowId })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.entityId, entityId)));
  if (!notification) return null;
  const summaries = await summarizeDeliveries(db, [notificationId]);
  return { notificationId, flowId: notification.flowId, delivery: summaries.get(notificationId)! };
}
