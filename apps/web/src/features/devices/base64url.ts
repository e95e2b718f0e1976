/** Bytes of a base64url string (a VAPID key), the form `PushManager.subscribe` accepts everywhere. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Whether two keys hold the same bytes (a subscription made for another VAPID key must be replaced). */
export function sameBytes(a: ArrayBuffer | ArrayBufferView | null, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = a instanceof ArrayBuffer ? new Uint8Array(a) : new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  return bytes.length === b.length && bytes.every((byte, index) => byte === b[index]);
}
