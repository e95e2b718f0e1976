import type { PushReceipt } from '@leadbell/shared/devices';
import { PushActionSchema, PushPayloadSchema, type PushAction, type PushPayload } from '@leadbell/shared/push-payload';

/** What a shown notification keeps for its click: where the body goes and what the buttons act on. */
export type NotificationData = { url: string | null; notificationId: string | null; phone: string | null };

const FALLBACK_TITLE = 'Leadbell';
const FALLBACK_MESSAGE = 'You have a new notification.';

function recordOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/** One field as the shared schema reads it, or `fallback` when it is missing or not that. */
function field<K extends keyof PushPayload>(record: Record<string, unknown>, key: K, fallback: PushPayload[K]) {
  const parsed = PushPayloadSchema.shape[key].safeParse(record[key]);
  return parsed.success ? (parsed.data as PushPayload[K]) : fallback;
}

/**
 * Reads a push message's data (`PushPayloadSchema`, shared with the server that sends it) field
 * by field, whatever it holds: a push must always show a notification (browsers punish silent
 * pushes), so anything unreadable still shows a generic one. A blank title or message reads as
 * the generic one; an unknown button is dropped, the others kept.
 */
export function readPushPayload(data: unknown): PushPayload {
  const record = recordOf(data);
  return {
    title: text(record.title) ?? FALLBACK_TITLE,
    message: text(record.message) ?? (typeof data === 'string' && data.trim() ? data : FALLBACK_MESSAGE),
    url: text(record.url) ?? '',
    notificationId: field(record, 'notificationId', null),
    flowId: field(record, 'flowId', null),
    deliveryId: field(record, 'deliveryId', null),
    deviceId: field(record, 'deviceId', null),
    isTest: field(record, 'isTest', false),
    phone: field(record, 'phone', null),
    actions: Array.isArray(record.actions)
      ? record.actions.filter((action): action is PushAction => PushActionSchema.safeParse(action).success)
      : [],
    escalation: field(record, 'escalation', false),
    silent: field(record, 'silent', false),
  };
}

/** The body of `POST /v1/push/receipts` for a push, when it names what it delivers. */
export function pushReceiptOf(payload: Pick<PushPayload, 'deliveryId' | 'deviceId'>): PushReceipt | null {
  if (payload.deliveryId) return { deliveryId: payload.deliveryId };
  return payload.deviceId ? { deviceId: payload.deviceId } : null;
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
  const record = recordOf(data);
  return {
    url: text(record.url),
    notificationId: text(record.notificationId),
    phone: PushPayloadSchema.shape.phone.safeParse(record.phone).data ?? null,
  };
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
 * An empty URL (a push that carried none) counts as none.
 */
export function notificationTarget(payload: { url: string | null; flowId: string | null }, origin: string): string {
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
