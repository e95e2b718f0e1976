import type { PushReceipt } from '@leadbell/shared/devices';

/**
 * What the delivery worker sends in a Web Push message (JSON). The service worker shows title and
 * message as plain text: `showNotification` never interprets HTML.
 */
export type PushPayload = {
  title: string;
  message: string;
  /** The notification's own https URL, or the flow's notifications page in the console. */
  url: string | null;
  notificationId: string | null;
  flowId: string | null;
  /** What the device's receipt names: the delivery, or the device for a test push. */
  receipt: PushReceipt | null;
  /** Nobody claimed the lead in time: ring again and keep it on screen (decision 025). */
  isEscalation: boolean;
  /** The member's quiet hours: no sound, no vibration. */
  isSilent: boolean;
  /** The lead's first phone number (E.164), for the Call button. */
  phone: string | null;
  /** The buttons the server asks for (decision 024): "I'm on it", "Call". */
  actions: PushAction[];
};

export type PushAction = 'claim' | 'call';

/** What a shown notification keeps for its click: where the body goes and what the buttons act on. */
export type NotificationData = { url: string | null; notificationId: string | null; phone: string | null };

/** The body of `POST /v1/push/receipts` for a push, when it names what it delivers. */
function receiptOf(record: Record<string, unknown>): PushReceipt | null {
  const deliveryId = text(record.deliveryId);
  if (deliveryId) return { deliveryId };
  const deviceId = text(record.deviceId);
  return deviceId ? { deviceId } : null;
}

const FALLBACK_TITLE = 'Leadbell';
const FALLBACK_MESSAGE = 'You have a new notification.';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * Reads a push message's data, whatever it holds: a push must always show a notification
 * (browsers punish silent pushes), so anything unreadable still shows a generic one.
 */
export function readPushPayload(data: unknown): PushPayload {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return {
    title: text(record.title) ?? FALLBACK_TITLE,
    message: text(record.message) ?? (typeof data === 'string' && data.trim() ? data : FALLBACK_MESSAGE),
    url: text(record.url),
    notificationId: text(record.notificationId),
    flowId: text(record.flowId),
    receipt: receiptOf(record),
    isEscalation: record.escalation === true,
    isSilent: record.silent === true,
    phone: phoneOf(record.phone),
    actions: Array.isArray(record.actions)
      ? (['claim', 'call'] as const).filter((action) => (record.actions as unknown[]).includes(action))
      : [],
  };
}

/** Only a phone number (international, or as written when the business has no country) ever becomes a `tel:` link. */
function phoneOf(value: unknown): string | null {
  return typeof value === 'string' && /^\+?\d{6,15}$/.test(value) ? value : null;
}

/** The buttons to show: "I'm on it" for a lead, "Call" when its phone is known. */
export function notificationActions(payload: Pick<PushPayload, 'actions' | 'notificationId' | 'phone'>) {
  if (!payload.notificationId) return [];
  return [
    ...(payload.actions.includes('claim') ? [{ action: 'claim', title: 'I’m on it' }] : []),
    ...(payload.actions.includes('call') && payload.phone ? [{ action: 'call', title: 'Call' }] : []),
  ];
}

/** A shown notification's data, read back on click (anything else reads as nothing). */
export function readNotificationData(data: unknown): NotificationData {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return { url: text(record.url), notificationId: text(record.notificationId), phone: phoneOf(record.phone) };
}

/** The lead's card in the console: where tapping a lead's notification goes (issue 12). */
export function leadCardUrl(notificationId: string, origin: string): string {
  return new URL(`/leads/${encodeURIComponent(notificationId)}`, origin).href;
}

/**
 * The follow-up notification after "I'm on it" on the lock screen: the claim's answer in words.
 * `serverMessage` is the API's own message (a 409 names who holds the lead).
 */
export function claimOutcome(status: number | null, leadTitle: string, serverMessage: string | null) {
  if (status !== null && status >= 200 && status < 300) return { title: 'You’re on it', body: leadTitle };
  if (status === 409) return { title: serverMessage ?? 'Someone else is on it', body: leadTitle };
  if (status === 401) return { title: 'Sign in to take this lead', body: `Tap to open Leadbell. ${leadTitle}` };
  if (status === 404) return { title: 'This lead is gone', body: leadTitle };
  return { title: 'Couldn’t take the lead', body: `Tap to open it and try again. ${leadTitle}` };
}

/**
 * Where tapping the notification goes: the payload's URL when it is https or on our own origin
 * (never `javascript:` or another scheme), else the flow's notifications, else the flow list.
 */
export function notificationTarget(payload: Pick<PushPayload, 'url' | 'flowId'>, origin: string): string {
  if (payload.url) {
    try {
      const url = new URL(payload.url, origin);
      if (url.protocol === 'https:' || url.origin === origin) return url.href;
    } catch {
      // Not a URL: fall through to the flow's page.
    }
  }
  const path = payload.flowId ? `/flows/${encodeURIComponent(payload.flowId)}` : '/flows';
  return new URL(path, origin).href;
}
