import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import { Agent } from 'undici';
import webpush from 'web-push';
import { createPushEncryptionPool, type PushTarget } from './push-encryption-pool.ts';

/** A push service's answer, or why there was none (timeout, connection refused, TLS failure…). */
export type PushAnswer =
  | { statusCode: number; retryAfter: string | undefined; durationMs: number }
  | { statusCode: null; error: string; isPermanent: boolean; durationMs: number };

export type WebPushSender = {
  send: (target: PushTarget, payload: string, options: { ttlSeconds: number }) => Promise<PushAnswer>;
  close: () => Promise<void>;
};

// RFC 8292 caps a VAPID token at 24 hours; an hour of margin covers a push service's clock skew.
const VAPID_TOKEN_LIFETIME_S = 23 * 3600;
const VAPID_REUSE_MS = 12 * 3600_000;
const IDLE_CONNECTION_KEPT_MS = 10 * 60_000;

/**
 * Sends encrypted Web Push messages (RFC 8291 aes128gcm, built by web-push on worker threads, see
 * push-encryption-pool.ts) through undici's keep-alive Agent, with a hard timeout: Node's own HTTP
 * client cost the main thread about half again as much per push (decision 056). The VAPID
 * Authorization header is signed once per push-service origin and reused for 12 hours: signing was
 * most of the CPU of a send.
 */
export function createWebPushSender({
  vapid,
  timeoutMs,
  ca,
  vapidReuseMs = VAPID_REUSE_MS,
}: {
  vapid: { subject: string; publicKey: string; privateKey: string };
  timeoutMs: number;
  /** An extra trusted certificate (PEM), for a local push service in tests. */
  ca?: string | undefined;
  /** 0 signs every message: the baseline the benchmark compares reuse with. */
  vapidReuseMs?: number;
}): WebPushSender {
  const agent = new Agent({
    connections: 64,
    // An idle connection is kept for minutes, not undici's 4 s, as Node's keep-alive agent kept it
    // until the push service closed it: a business's leads come minutes apart, and a new TLS
    // connection would add its handshake to the ring of each.
    keepAliveTimeout: IDLE_CONNECTION_KEPT_MS,
    keepAliveMaxTimeout: IDLE_CONNECTION_KEPT_MS,
    // A context built once, not from `ca` for every new connection.
    ...(ca && { connect: { secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, ca] }) } }),
  });
  const authorizations = new Map<string, { header: string; renewAt: number }>();
  const encryption = createPushEncryptionPool();

  function authorizationFor(audience: string): string {
    const now = Date.now();
    const cached = authorizations.get(audience);
    if (cached && cached.renewAt > now) return cached.header;
    const expiration = Math.floor(now / 1000) + VAPID_TOKEN_LIFETIME_S;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiration,
    );
    authorizations.set(audience, { header: Authorization, renewAt: now + vapidReuseMs });
    return Authorization;
  }

  async function send(
    target: PushTarget,
    payload: string,
    { ttlSeconds }: { ttlSeconds: number },
  ): Promise<PushAnswer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const encrypted = await encryption.encrypt(target, payload, ttlSeconds);
    if ('error' in encrypted) {
      const { error, isPermanent } = encrypted;
      // A subscription whose keys are not a valid P-256 point cannot be encrypted for, ever.
      const reason = isPermanent ? `cannot encrypt for this device: ${error}` : error;
      return { statusCode: null, error: reason, isPermanent, durationMs: elapsed() };
    }
    // Waiting for a connection included: a job's sends all end within the timeout.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const endpoint = new URL(target.endpoint);
      const response = await agent.request({
        origin: endpoint.origin,
        path: endpoint.pathname + endpoint.search,
        method: 'POST',
        headers: { ...encrypted.headers, Authorization: authorizationFor(endpoint.origin) },
        body: encrypted.body,
        signal,
      });
      // Drained so the connection returns to the pool; the body carries nothing we use.
      await response.body.dump();
      const retryAfter = response.headers['retry-after'];
      return {
        statusCode: response.statusCode,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        durationMs: elapsed(),
      };
    } catch (error) {
      return {
        statusCode: null,
        error: signal.aborted
          ? `no answer within ${timeoutMs / 1000} s`
          : error instanceof Error
            ? error.message
            : String(error),
        isPermanent: false,
        durationMs: elapsed(),
      };
    }
  }

  return {
    send,
    close: async () => {
      await agent.destroy();
      await encryption.close();
    },
  };
}
