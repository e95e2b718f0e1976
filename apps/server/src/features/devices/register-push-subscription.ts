import { eq, sql } from 'drizzle-orm';
import type { CreatePushSubscription, Device } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { isPushServiceAllowed } from '../deliveries/push-service-hosts.ts';
import { deviceColumns, toDevice, type DeviceOwner } from './device-record.ts';

/**
 * Registers a browser's push subscription for the user. A browser re-registers the same endpoint
 * (new keys, another account signed in on it): the row moves to this user and entity and its
 * history starts over, so one browser never gets another account's notifications.
 */
export async function registerPushSubscription(
  db: Database,
  owner: DeviceOwner,
  input: CreatePushSubscription,
  allowedHosts: readonly string[],
): Promise<Device> {
  if (!isPushServiceAllowed(input.endpoint, allowedHosts)) {
    const message = 'This push service is not supported.';
    throw new AppError('push_service_not_allowed', message, { fields: { endpoint: [message] } });
  }
  const [entity] = await db.select({ plan: entities.plan }).from(entities).where(eq(entities.id, owner.entityId));
  if (!entity?.plan) throw new AppError('no_plan', 'Choose a plan first.');

  const isSameUser = sql`${pushSubscriptions.userId} = excluded.user_id`;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId: owner.userId,
      entityId: owner.entityId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label || null,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: owner.userId,
        entityId: owner.entityId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: input.label || null,
        createdAt: sql`case when ${isSameUser} then ${pushSubscriptions.createdAt} else now() end`,
        lastSuccessAt: sql`case when ${isSameUser} then ${pushSubscriptions.lastSuccessAt} end`,
        lastFailureAt: null,
        lastFailureReason: null,
        consecutiveFailures: 0,
      },
    })
    .returning(deviceColumns);
  return toDevice(row!);
}
