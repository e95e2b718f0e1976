import { and, eq, sql } from 'drizzle-orm';
import type { PushReceipt } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { deliveryPreferences, pushSubscriptions } from '../../db/schema/devices.ts';
import { AppError } from '../../http/app-error.ts';
import { announceUserEvent } from '../events/announce-user-event.ts';
import { ownedDevice, type DeviceOwner } from './device-record.ts';

/**
 * A device's service worker confirms it showed a push (decision 021): the delivery (or, for a
 * test, the device) is marked received, the user's first confirmation turns email copies off by
 * default, and the user's open consoles are told. Only the user's own deliveries and devices.
 */
export async function recordPushReceipt(db: Database, owner: DeviceOwner, receipt: PushReceipt): Promise<void> {
  await db.transaction(async (tx) => {
    let deviceId = receipt.deviceId ?? null;
    if (receipt.deliveryId) {
      const [delivery] = await tx
        .update(deliveries)
        .set({ receivedAt: sql`coalesce(${deliveries.receivedAt}, now())` })
        .where(
          and(
            eq(deliveries.id, receipt.deliveryId),
            eq(deliveries.userId, owner.userId),
            eq(deliveries.entityId, owner.entityId),
            eq(deliveries.channel, 'push'),
          ),
        )
        .returning({ subscriptionId: deliveries.subscriptionId });
      if (!delivery) throw new AppError('not_found', 'Delivery not found.');
      deviceId = delivery.subscriptionId;
    }
    if (deviceId) {
      const devices = await tx
        .update(pushSubscriptions)
        .set({ lastReceivedAt: sql`now()` })
        .where(ownedDevice(owner, deviceId))
        .returning({ id: pushSubscriptions.id });
      // A delivery outlives a removed device; a test names a device that must still be this user's.
      if (devices.length === 0 && receipt.deviceId) throw new AppError('not_found', 'Device not found.');
    }
    await tx
      .insert(deliveryPreferences)
      .values({ userId: owner.userId, pushConfirmedAt: sql`now()` })
      .onConflictDoUpdate({
        target: deliveryPreferences.userId,
        set: { pushConfirmedAt: sql`coalesce(${deliveryPreferences.pushConfirmedAt}, now())` },
      });
    await announceUserEvent(tx, owner.userId, 'setup');
  });
}
