/**
 * What the service worker receives. The encrypted body of a push message may not exceed 4,096
 * bytes (RFC 8291 §4 lets push services refuse more); aes128gcm adds an 86-byte header, a
 * 1-byte delimiter and a 16-byte tag, which leaves 3,993 bytes of JSON.
 */
export const PUSH_PLAINTEXT_MAX_BYTES = 4096 - 86 - 1 - 16;

/**
 * Buttons on the phone's notification (decision 024): "I'm on it" claims through the service
 * worker, "Call" dials the lead's phone. Chromium shows them; Safari and Firefox ignore them.
 */
export const PUSH_ACTIONS = ['claim', 'call'] as const;
export type PushAction = (typeof PUSH_ACTIONS)[number];

/** The buttons a lead's notification offers: "I'm on it" always, "Call" when a phone is known. */
export function leadPushActions(phone: string | null): PushAction[] {
  return phone ? ['claim', 'call'] : ['claim'];
}

export type PushContent = {
  title: string;
  message: string;
  url: string;
  notificationId: string | null;
  flowId: string | null;
  /** The delivery, for the device's receipt (`POST /v1/push/receipts`); null for a test push. */
  deliveryId: string | null;
  /** The device, for the receipt of a test push; null for a delivery. */
  deviceId: string | null;
  /** A test push, or a test notification (decision 021). */
  isTest: boolean;
  /** The number the notification's Call button dials (decision 024): E.164, or as written without a country. */
  phone: string | null;
  /** The notification's buttons; none for a test push. */
  actions: PushAction[];
  /** Nobody claimed it in time: the device rings again and keeps it on screen (decision 025). */
  escalation: boolean;
  /** The member's quiet hours: shown without sound or vibration (decision 025). */
  silent: boolean;
};

const ELLIPSIS = '…';

function byteLength(content: PushContent): number {
  return Buffer.byteLength(JSON.stringify(content));
}

/** The longest prefix (whole code points) of `field` that keeps the payload within the limit. */
function fitField(content: PushContent, field: 'title' | 'message'): PushContent {
  const codePoints = [...content[field]];
  let low = 0;
  let high = codePoints.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = { ...content, [field]: codePoints.slice(0, middle).join('') + ELLIPSIS };
    if (byteLength(candidate) <= PUSH_PLAINTEXT_MAX_BYTES) low = middle;
    else high = middle - 1;
  }
  return { ...content, [field]: low === 0 ? '' : codePoints.slice(0, low).join('') + ELLIPSIS };
}

/**
 * The JSON sent to the device, shortened to fit rather than refused: the message is cut first,
 * then the title (which only happens with a message at its limit made of characters JSON escapes).
 * The lead's id, phone and actions are never cut: they are what the buttons act on.
 */
export function buildPushPayload(content: PushContent): string {
  let fitted = content;
  if (byteLength(fitted) > PUSH_PLAINTEXT_MAX_BYTES) fitted = fitField(fitted, 'message');
  if (byteLength(fitted) > PUSH_PLAINTEXT_MAX_BYTES) fitted = fitField(fitted, 'title');
  return JSON.stringify(fitted);
}
