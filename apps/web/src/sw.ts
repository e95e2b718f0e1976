/// <reference lib="webworker" />
// First: the push payload is read with the shared zod schema, and sw.js has the same script policy.
import './zod-without-eval.ts';
import type { PushReceipt } from '@leadbell/shared/devices';
import {
  claimOutcome,
  leadCardUrl,
  notificationActions,
  notificationTarget,
  pushReceiptOf,
  readNotificationData,
  readPushPayload,
  type NotificationData,
} from './features/devices/push-payload.ts';
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

/**
 * A notification with the lead's buttons. `actions` is missing from TypeScript's lib (it is
 * Chromium-only: Safari and Firefox ignore it), hence the widened options type.
 */
function showLeadNotification(
  title: string,
  options: NotificationOptions & { actions?: { action: string; title: string }[]; renotify?: boolean },
  data: NotificationData,
): Promise<void> {
  return self.registration.showNotification(title, { icon: ICON, badge: BADGE, ...options, data });
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(readData(event.data));
  // Title and body are plain text: notifications never render HTML.
  const shown = showLeadNotification(
    payload.title,
    {
      body: payload.message,
      ...(payload.notificationId ? { tag: payload.notificationId } : {}),
      // An escalation replaces the lead's notification, rings again and stays until acted on.
      ...(payload.escalation && payload.notificationId ? { renotify: true, requireInteraction: true } : {}),
      silent: payload.silent,
      actions: notificationActions(payload),
    },
    {
      url: notificationTarget(payload, self.location.origin),
      notificationId: payload.notificationId,
      phone: payload.phone,
    },
  );
  const receipt = pushReceiptOf(payload);
  event.waitUntil(shown.then(() => (receipt ? sendReceipt(receipt) : undefined)));
});

function postLead(notificationId: string, change: 'claim' | 'seen'): Promise<Response> {
  // Same origin, so the browser sends the member's session cookie: the claim is theirs. The server
  // takes a change made with the cookie as JSON only (issue 47), hence the empty object.
  return fetch(`/v1/leads/${encodeURIComponent(notificationId)}/${change}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{}',
  });
}

async function serverMessageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : null;
  } catch {
    return null;
  }
}

/**
 * "I'm on it" from the lock screen: claims the lead and says how it went in a notification that
 * replaces the lead's (same tag), keeping Call. Tapping that one opens the card.
 */
async function claimFromNotification(notification: Notification, data: NotificationData & { notificationId: string }) {
  let status: number | null = null;
  let message: string | null = null;
  try {
    const response = await postLead(data.notificationId, 'claim');
    status = response.status;
    if (!response.ok) message = await serverMessageOf(response);
  } catch {
    // Offline: the follow-up says so and leads to the card.
  }
  const outcome = claimOutcome(status, notification.title, message);
  await showLeadNotification(
    outcome.title,
    {
      body: outcome.body,
      tag: data.notificationId,
      silent: true,
      actions: data.phone ? [{ action: 'call', title: 'Call' }] : [],
    },
    { ...data, url: leadCardUrl(data.notificationId, self.location.origin) },
  );
}

/** Opening the lead from its notification is seeing it (the inbox's unread dot). Best effort. */
async function markSeen(notificationId: string): Promise<void> {
  try {
    await postLead(notificationId, 'seen');
  } catch {
    // The card marks it seen as it opens anyway.
  }
}

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
  const data = readNotificationData(event.notification.data);
  const { notificationId } = data;
  const origin = self.location.origin;
  if (event.action === 'claim' && notificationId) {
    event.waitUntil(claimFromNotification(event.notification, { ...data, notificationId }));
    return;
  }
  if (event.action === 'call' && data.phone) {
    // Some browsers open only web pages from a worker: then the card, whose Call is one tap away.
    const card = notificationId
      ? leadCardUrl(notificationId, origin)
      : notificationTarget({ ...data, flowId: null }, origin);
    event.waitUntil(self.clients.openWindow(`tel:${data.phone}`).catch(() => openTarget(card)));
    return;
  }
  // A lead's body opens its card (issue 12); anything else where its url says.
  const target = notificationId
    ? leadCardUrl(notificationId, origin)
    : notificationTarget({ ...data, flowId: null }, origin);
  event.waitUntil(Promise.all([notificationId ? markSeen(notificationId) : undefined, openTarget(target)]));
});

// The push service replaced or expired the subscription: subscribe again and tell the server, or
// this device silently stops ringing.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(subscribeThisDevice(self.registration).then(() => undefined));
});
