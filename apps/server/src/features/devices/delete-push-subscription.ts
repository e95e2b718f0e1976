import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { ownedDevice, type DeviceOwner } from './device-record.ts';

/** Removes one of the user's devices; its pending deliveries fail as "device removed". */
export async function deletePushSubscription(db: Database, owner: DeviceOwner, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'Device not found.');
  const deleted = await db
    .delete(pushSubscriptions)
    .where(ownedDevice(owner, id))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Device not found.');
}
