import { and, desc, eq } from 'drizzle-orm';
import type { Device } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { deviceColumns, toDevice, type DeviceOwner } from './device-record.ts';

/** The signed-in user's own devices, newest first. */
export async function listDevices(db: Database, { userId, entityId }: DeviceOwner): Promise<Device[]> {
  const rows = await db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.entityId, entityId)))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map(toDevice);
}
