import { sql } from 'drizzle-orm';
import type { TestNotificationResult } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { DeliveryQueue } from '../../jobs/delivery-queue.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { ownedDevice, type DeviceOwner } from './device-record.ts';

/** Queues a test push to one of the user's devices, through the same queue and sender as real ones. */
export async function sendTestNotification(
  db: Database,
  queue: DeliveryQueue,
  owner: DeviceOwner,
  id: string,
): Promise<TestNotificationResult> {
  if (!isUuid(id)) throw new AppError('not_found', 'Device not found.');
  // The database's clock, like the device's delivery times the console compares it with.
  const [device] = await db
    .select({ id: pushSubscriptions.id, now: sql<string>`to_json(now())#>>'{}'` })
    .from(pushSubscriptions)
    .where(ownedDevice(owner, id));
  if (!device) throw new AppError('not_found', 'Device not found.');
  await queue.enqueue(db, [{ payload: { kind: 'test', subscriptionId: device.id } }]);
  await wakeDeliveryWorkers(db);
  return { queued: 1, sentAt: new Date(device.now).toISOString() };
}
