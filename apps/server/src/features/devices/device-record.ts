import { and, eq } from 'drizzle-orm';
import { DEVICE_FAILING_AFTER, type Device } from '@leadbell/shared/devices';
import { pushSubscriptions } from '../../db/schema/devices.ts';

export const deviceColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  label: pushSubscriptions.label,
  createdAt: pushSubscriptions.createdAt,
  lastSuccessAt: pushSubscriptions.lastSuccessAt,
  lastFailureAt: pushSubscriptions.lastFailureAt,
  lastFailureReason: pushSubscriptions.lastFailureReason,
  consecutiveFailures: pushSubscriptions.consecutiveFailures,
  lastReceivedAt: pushSubscriptions.lastReceivedAt,
};

type DeviceRow = { [Key in keyof typeof deviceColumns]: (typeof pushSubscriptions.$inferSelect)[Key] };

/** The endpoint itself stays on the server: it is the capability to push to the device. */
export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    label: row.label,
    pushService: new URL(row.endpoint).host,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
    lastFailureReason: row.lastFailureReason,
    consecutiveFailures: row.consecutiveFailures,
    isFailing: row.consecutiveFailures >= DEVICE_FAILING_AFTER,
    lastReceivedAt: row.lastReceivedAt?.toISOString() ?? null,
  };
}

export type DeviceOwner = { userId: string; entityId: string };

/** Tenancy in the where clause: a device is only ever addressed together with its user and entity. */
export function ownedDevice({ userId, entityId }: DeviceOwner, id: string) {
  return and(
    eq(pushSubscriptions.id, id),
    eq(pushSubscriptions.userId, userId),
    eq(pushSubscriptions.entityId, entityId),
  );
}
