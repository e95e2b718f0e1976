import type { PushAction, PushPayload } from '@leadbell/shared/push-payload';

/**
 * What the service worker receives. The encrypted body of a push message may not exceed 4,096
 * bytes (RFC 8291 §4 lets push services refuse more); aes128gcm adds an 86-byte header, a
 * 1-byte delimiter and a 16-byte tag, which leaves 3,993 bytes of JSON.
 */
export const PUSH_PLAINTEXT_MAX_BYTES = 4096 - 86 - 1 - 16;

/** The buttons a lead's notification offers: "I'm on it" always, "Call" when a phone is known. */
export function leadPushActions(phone: string | null): PushAction[] {
  return phone ? ['claim', 'call'] : ['claim'];
}

const ELLIPSIS = '…';

function byteLength(content: PushPayload): number {
  return Buffer.byteLength(JSON.stringify(content));
}

/** The longest prefix (whole code points) of `field` that keeps the payload within the limit. */
function fitField(content: PushPayload, field: 'title' | 'message'): PushPayload {
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
 * The JSON sent to the device (`PushPayloadSchema`), shortened to fit rather than refused: the message is cut first,
 * then the title (which only happens with a message at its limit made of characters JSON escapes).
 * The lead's id, phone and actions are never cut: they are what the buttons act on.
 */
export function buildPushPayload(payload: PushPayload): string {
  let fitted = payload;
  if (byteLength(fitted) > PUSH_PLAINTEXT_MAX_BYTES) fitted = fitField(fitted, 'message');
  if (byteLength(fitted) > PUSH_PLAINTEXT_MAX_BYTES) fitted = fitField(fitted, 'title');
  return JSON.stringify(fitted);
}
