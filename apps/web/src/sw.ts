/// <reference lib="webworker" />
import type { PushReceipt } from '@leadbell/shared/devices';
import { notificationTarget, readPushPayload } from './features/devices/push-payload.ts';
import { subscribeThisDevice } from './features/devices/subscribe-this-device.ts';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';
/** Android draws the badge as a white silhouette in the status bar: a transparent PNG with a white bell. */
const BADGE = '/icons/badge-96.png';

// A new worker takes over at once: it holds no caches that an old page could depend on.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function readData(data: PushMessageData | null): unknown {
  if (!data) return null;
  try {
    return data.json();
  } catch {
    return data.text();
  }
}

/**
 * Tells the server this device showed the push (decision 021): that, not the push service's
 * acceptance, is what proves the phone rings. Best effort: a failed receipt (offline, signed out)
 * never stands between the owner and the notification.
 */
async function sendReceipt(receipt: PushReceipt): Promise<void> {
  try {
    await fetch('/v1/push/receipts', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(receipt),
    });
  } catch {
    // The notification is shown either way; the checklist waits for the next receipt.
  }
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(readData(event.data));
  // Title and body are plain text: notifications never render HTML.
  const shown = self.registration.showNotification(payload.title, {
    body: payload.message,
    icon: ICON,
    badge: BADGE,
    ...(payload.notificationId ? { tag: payload.notificationId } : {}),
    // An escalation replaces the lead's notification, rings again and stays until acted on.
    ...(payload.isEscalation && payload.notificationId ? { renotify: true, requireInteraction: true } : {}),
    silent: payload.isSilent,
    data: { url: notificationTarget(payload, self.location.origin) },
  });
  event.waitUntil(shown.then(() => (payload.receipt ? sendReceipt(payload.receipt) : undefined)));
});

/** Focuses an open console window and navigates it, or opens a new window (always for other sites). */
async function openTarget(href: string): Promise<void> {
  const target = new URL(href);
  if (target.origin === self.location.origin) {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      const focused = await open.focus();
      try {
        await focused.navigate(target.href);
        return;
      } catch {
        // navigate() needs a window this worker controls; a fresh window will do.
      }
    }
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : null;
  event.waitUntil(openTarget(notificationTarget({ url, flowId: null }, self.location.origin)));
});

// The push service replaced or expired the subscription: subscribe again and tell the server, or
// this device silently stops ringing.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(subscribeThisDevice(self.registration).then(() => undefined));
});
