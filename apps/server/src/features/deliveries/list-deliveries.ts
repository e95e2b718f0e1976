import { and, asc, desc, eq } from 'drizzle-orm';
import type { DeliveryDetail } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { liveLeadOf } from '../leads/lead-record.ts';

/** Every delivery of one of the entity's notifications, oldest first: who got it, on what, and how it went. */
export async function listDeliveries(
  db: Database,
  entityId: string,
  notificationId: string,
): Promise<DeliveryDetail[]> {
  if (!isUuid(notificationId)) throw new AppError('not_found', 'Notification not found.');
  const [notification] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(liveLeadOf(entityId, notificationId));
  if (!notification) throw new AppError('not_found', 'Notification not found.');
  const rows = await db
    .select({
      id: deliveries.id,
      channel: deliveries.channel,
      status: deliveries.status,
      userId: deliveries.userId,
      name: users.name,
      email: users.email,
      deviceId: pushSubscriptions.id,
      deviceLabel: pushSubscriptions.label,
      endpoint: pushSubscriptions.endpoint,
      attempts: deliveries.attempts,
      lastError: deliveries.lastError,
      deliveredAt: deliveries.deliveredAt,
      receivedAt: deliveries.receivedAt,
      fallbackReason: deliveries.fallbackReason,
      createdAt: deliveries.createdAt,
    })
    .from(deliveries)
    .leftJoin(users, eq(users.id, deliveries.userId))
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, deliveries.subscriptionId))
    .where(and(eq(deliveries.notificationId, notificationId), eq(deliveries.entityId, entityId)))
    // Devices before mailboxes within one moment: what rang before what was mailed.
    .orderBy(asc(deliveries.createdAt), desc(deliveries.channel), asc(deliveries.id));
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    status: row.status,
    recipient: { userId: row.userId, name: row.name, email: row.email },
    device:
      row.deviceId && row.endpoint
        ? { id: row.deviceId, label: row.deviceLabel, pushService: new URL(row.endpoint).host }
        : null,
    attempts: row.attempts,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    fallbackReason: row.fallbackReason,
    createdAt: row.createdAt.toISOString(),
  }));
}
