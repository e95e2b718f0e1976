import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { deletePushSubscription } from '../api/delete-push-subscription.ts';
import { DEVICES_QUERY_KEY, useDevices } from '../api/get-devices.ts';
import { pushErrorMessage } from '../push-error-message.ts';
import { currentPushEnvironment, pushSupportOf } from '../push-support.ts';
import { forgetRememberedDevice, readRememberedDevice, rememberDevice } from '../remembered-device.ts';
import { activeServiceWorker } from '../service-worker.ts';
import { subscribeThisDevice } from '../subscribe-this-device.ts';
import { thisDeviceStatus, type ThisDeviceStatus } from '../this-device-status.ts';

export type ThisDevice = {
  status: ThisDeviceStatus;
  /** The last failure, worded for the owner. */
  error: string | null;
  turnOn: () => Promise<void>;
  turnOff: (deviceId: string) => Promise<void>;
  /** Called after a device was removed from the list: when it was this one, the browser unsubscribes too. */
  handleRemoved: (deviceId: string) => void;
};

/** This browser's push subscription. No registration yet means none: it cannot exist without one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function unsubscribeBrowser(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}

/** "Notifications on this device": what this browser can do, whether it is registered, and the actions. */
export function useThisDevice(): ThisDevice {
  const queryClient = useQueryClient();
  const devices = useDevices();
  const [support] = useState(() => pushSupportOf(currentPushEnvironment()));
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    support === 'supported' ? Notification.permission : 'default',
  );
  const [endpoint, setEndpoint] = useState<string | null | undefined>(support === 'supported' ? undefined : null);
  const [remembered, setRemembered] = useState(readRememberedDevice);
  const [pending, setPending] = useState<'subscribing' | 'turning-off' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let isCurrent = true;
    currentSubscription().then(
      (subscription) => isCurrent && setEndpoint(subscription?.endpoint ?? null),
      () => isCurrent && setEndpoint(null),
    );
    // Permission changed in the browser's site settings while the page is open.
    let permissionStatus: PermissionStatus | null = null;
    const onPermissionChange = () => setPermission(Notification.permission);
    navigator.permissions?.query({ name: 'notifications' }).then(
      (status) => {
        permissionStatus = status;
        status.addEventListener('change', onPermissionChange);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
      permissionStatus?.removeEventListener('change', onPermissionChange);
    };
  }, [support]);

  const deviceIds = useMemo(() => {
    if (devices.isError) return null;
    return devices.data ? new Set(devices.data.data.map((device) => device.id)) : undefined;
  }, [devices.data, devices.isError]);

  const forget = useCallback(() => {
    forgetRememberedDevice();
    setRemembered(null);
    setEndpoint(null);
  }, []);

  const turnOn = useCallback(async () => {
    setError(null);
    setPending('subscribing');
    try {
      // First, before any await: Safari grants the prompt only inside the click's own task.
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      const device = await subscribeThisDevice(await activeServiceWorker());
      rememberDevice(device);
      setRemembered(device);
      setEndpoint(device.endpoint);
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    } catch (failure) {
      setError(pushErrorMessage(failure));
    } finally {
      setPending(null);
    }
  }, [queryClient]);

  const turnOff = useCallback(
    async (deviceId: string) => {
      setError(null);
      setPending('turning-off');
      try {
        await deletePushSubscription(deviceId);
        await unsubscribeBrowser();
        forget();
        await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        setPending(null);
      }
    },
    [forget, queryClient],
  );

  const handleRemoved = useCallback(
    (deviceId: string) => {
      if (remembered?.deviceId !== deviceId) return;
      forget();
      unsubscribeBrowser().catch(() => undefined);
    },
    [forget, remembered],
  );

  const status = thisDeviceStatus({ support, permission, endpoint, remembered, deviceIds, pending });
  return { status, error, turnOn, turnOff, handleRemoved };
}
