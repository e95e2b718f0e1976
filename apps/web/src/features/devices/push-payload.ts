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
};

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
  };
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
