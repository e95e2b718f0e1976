import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { deliveryPreferences, pushSubscriptions } from '../../db/schema/devices.ts';
import { entities } from '../../db/schema/entities.ts';
import { flows } from '../../db/schema/flows.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';

/**
 * Deliveries with what an attempt needs: the notification, and the device or the mailbox. Built
 * and prepared once per database (a named statement): every delivery job runs it, and building
 * this select anew for each was most of the worker's time in Drizzle (issue 23).
 */
export function prepareFindDeliveryTargets(db: Database) {
  const query = db
    .select({
      deliveryId: deliveries.id,
      entityId: deliveries.entityId,
      channel: deliveries.channel,
      status: deliveries.status,
      attempts: deliveries.attempts,
      notificationId: notifications.id,
      flowId: notifications.flowId,
      title: notifications.title,
      message: notifications.message,
      url: notifications.url,
      createdAt: notifications.createdAt,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      userId: deliveries.userId,
      fallbackReason: deliveries.fallbackReason,
      data: notifications.data,
      isTest: notifications.isTest,
      email: users.email,
      defaultCountry: entities.defaultCountry,
      timeZone: entities.timeZone,
      purpose: deliveries.purpose,
      quietHours: deliveryPreferences.quietHours,
      responseTargetSeconds: notifications.responseTargetSeconds,
      // Why an email copy goes out: the user's own choice, or the default (decision 021).
      emailChoice: deliveryPreferences.emailNotifications,
      // A telegram delivery's chat (null once unlinked) and what its message names (decision 052).
      telegramChatId: telegramLinks.chatId,
      flowName: flows.name,
    })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, deliveries.subscriptionId))
    .leftJoin(users, eq(users.id, deliveries.userId))
    .leftJoin(deliveryPreferences, eq(deliveryPreferences.userId, deliveries.userId))
    .innerJoin(entities, eq(entities.id, deliveries.entityId))
    .leftJoin(telegramLinks, and(eq(telegramLinks.userId, deliveries.userId), eq(deliveries.channel, 'telegram')))
    .leftJoin(flows, and(eq(flows.id, notifications.flowId), eq(deliveries.channel, 'telegram')))
    .where(eq(deliveries.id, sql`any(${sql.placeholder('deliveryIds')}::uuid[])`))
    .prepare('find_delivery_targets');
  return (deliveryIds: string[]) => query.execute({ deliveryIds });
}

export type DeliveryTarget = Awaited<ReturnType<ReturnType<typeof prepareFindDeliveryTargets>>>[number];
