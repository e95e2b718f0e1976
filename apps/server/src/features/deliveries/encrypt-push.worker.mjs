// @ts-check
// Encrypts Web Push messages (RFC 8291 aes128gcm, by web-push) on a thread of its own: a team's
// fan-out is fifteen ECDH agreements per lead, CPU the server's main thread needs for requests.
// Plain JavaScript, checked by tsc (checkJs): a worker thread starts without the TypeScript
// loader of its parent (tsx, Vitest), so it must run as it is (decision 030).
import { createECDH, randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

if (!parentPort) throw new Error('encrypt-push.worker.mjs runs as a worker thread');
const port = parentPort;

/** @param {import('./push-encryption-pool.ts').EncryptionRequest} request */
function encrypt({ id, target, payload, ttlSeconds }) {
  try {
    const { headers, body } = webpush.generateRequestDetails(target, payload, {
      TTL: ttlSeconds,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
    return { id, headers, body };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

// A first message for a throwaway device as the thread starts: the first lead's push then finds
// the thread's encryption already run once (its code compiled, OpenSSL's curve ready), which
// cost it 3–12 ms more than the next one (docs/performance.md, "The first minute").
const throwaway = createECDH('prime256v1');
throwaway.generateKeys();
encrypt({
  id: 0,
  target: {
    endpoint: 'https://push.invalid/',
    keys: { p256dh: throwaway.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  },
  payload: '{}',
  ttlSeconds: 60,
});

port.on('message', (/** @type {import('./push-encryption-pool.ts').EncryptionRequest} */ request) => {
  port.postMessage(encrypt(request));
});
