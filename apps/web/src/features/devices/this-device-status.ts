import type { PushSupport } from './push-support.ts';

/** What this browser's subscription was registered as, remembered across visits. */
export type RememberedDevice = { endpoint: string; deviceId: string };

export type ThisDeviceStatus =
  | { kind: 'unsupported' | 'ios-install' | 'checking' | 'denied' | 'off' | 'subscribing' }
  | { kind: 'on' | 'turning-off'; deviceId: string };

type StatusInput = {
  support: PushSupport;
  permission: NotificationPermission;
  /** This browser's push subscription endpoint: undefined until read, null when there is none. */
  endpoint: string | null | undefined;
  remembered: RememberedDevice | null;
  /** Ids of the user's devices on the server: undefined while loading, null when they failed to load. */
  deviceIds: ReadonlySet<string> | null | undefined;
  pending: 'subscribing' | 'turning-off' | null;
};

/**
 * Where "Notifications on this device" stands. The device is on only when the browser still holds
 * the subscription this page registered and the server still lists it: removing it from another
 * device, or the server dropping it after the push service answered 410, turns it off here too.
 */
export function thisDeviceStatus({
  support,
  permission,
  endpoint,
  remembered,
  deviceIds,
  pending,
}: StatusInput): ThisDeviceStatus {
  if (support !== 'supported') return { kind: support };
  if (pending === 'subscribing') return { kind: 'subscribing' };
  if (pending === 'turning-off' && remembered) return { kind: 'turning-off', deviceId: remembered.deviceId };
  if (endpoint === undefined || deviceIds === undefined) return { kind: 'checking' };
  if (permission === 'denied') return { kind: 'denied' };
  const isRegistered =
    permission === 'granted' &&
    endpoint !== null &&
    remembered?.endpoint === endpoint &&
    (deviceIds === null || deviceIds.has(remembered.deviceId));
  return isRegistered ? { kind: 'on', deviceId: remembered.deviceId } : { kind: 'off' };
}
