import { createPushSubscription } from './api/create-push-subscription.ts';
import { getVapidPublicKey } from './api/get-vapid-public-key.ts';
import { base64UrlToBytes, sameBytes } from './base64url.ts';
import { deviceLabel } from './device-label.ts';
import { withTimeout } from './with-timeout.ts';

/**
 * A browser that cannot reach its push service may never settle `subscribe()` (headless Chromium
 * without network does exactly that); a real one answers within a few seconds.
 */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

/**
 * Subscribes this browser with the server's VAPID key and registers the subscription. An existing
 * subscription is reused, unless it was made for another key (the server's keys changed).
 */
export async function subscribeThisDevice(
  registration: ServiceWorkerRegistration,
): Promise<{ endpoint: string; deviceId: string }> {
  const serverKey = base64UrlToBytes((await getVapidPublicKey()).publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await withTimeout(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }),
    SUBSCRIBE_TIMEOUT_MS,
    'timeout',
  );
  const { keys } = subscription.toJSON();
  const device = await createPushSubscription({
    endpoint: subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    label: deviceLabel(navigator.userAgent),
  });
  return { endpoint: subscription.endpoint, deviceId: device.id };
}
