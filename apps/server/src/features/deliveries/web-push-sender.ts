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
  /**
   * Readies the first push to each of these push services' origins before a lead needs it: its
   * VAPID header signed and a kept-alive connection open, made by an OPTIONS request for the
   * service's root (not HEAD, after which undici closes the connection), so undici's own path is
   * ready too. Resolves once the connections are idle in the pool. Never fails: a push service
   * that does not answer is met again by the next push, as without it. A readied push service's
   * connection that closes is opened again (KEEP_OPEN) until the sender closes.
   */
  warmUp: (origins: Iterable<string>) => Promise<void>;
  close: () => Promise<void>;
};

// RFC 8292 caps a VAPID token at 24 hours; an hour of margin covers a push service's clock skew.
const VAPID_TOKEN_LIFETIME_S = 23 * 3600;
const VAPID_REUSE_MS = 12 * 3600_000;
const IDLE_CONNECTION_KEPT_MS = 10 * 60_000;
/**
 * A readied push service's connection, once closed (its idle timeout, or ours), is opened again
 * this long after, and at most once a minute (a push service that closes each connection at once
 * gets one request a minute): a lead after hours of quiet finds it open (decision 092).
 */
const KEEP_OPEN = { reopenAfterMs: 1_000, atMostEveryMs: 60_000 };

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
  keepOpen = KEEP_OPEN,
}: {
  vapid: { subject: string; publicKey: string; privateKey: string };
  timeoutMs: number;
  /** An extra trusted certificate (PEM), for a local push service in tests. */
  ca?: string | undefined;
  /** 0 signs every message: the baseline the benchmark compares reuse with. */
  vapidReuseMs?: number;
  /** When a readied push service's closed connection is opened again; shorter in tests. */
  keepOpen?: typeof KEEP_OPEN;
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
    // Waiting for a connection included: a job's sends all end within the timeout. A timer cleared
    // at the answer, not AbortSignal.timeout: that one fires for every push, answered or not, and
    // each firing builds a TimeoutError and aborts the long-finished request's signal.
    const deadline = new AbortController();
    const signal = deadline.signal;
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
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
    } finally {
      clearTimeout(timer);
    }
  }

  // Each readied origin: when it was last readied, whether its connection is open (as far as
  // undici has said), and its re-opening if one waits. An open one is not readied again, so a
  // team's devices registering one after another cost their push service one request.
  const readied = new Map<string, { at: number; isOpen: boolean; reopening: NodeJS.Timeout | null }>();
  let isClosed = false;
  agent.on('disconnect', ({ origin }) => {
    const kept = readied.get(origin);
    if (isClosed || !kept) return;
    kept.isOpen = false;
    if (kept.reopening) return;
    const delay = Math.max(keepOpen.reopenAfterMs, kept.at + keepOpen.atMostEveryMs - Date.now());
    kept.reopening = setTimeout(() => {
      kept.reopening = null;
      void warmUp([origin]);
    }, delay).unref();
  });

  async function warmUp(origins: Iterable<string>): Promise<void> {
    await Promise.all(
      [...new Set(origins)].map(async (origin) => {
        const kept = readied.get(origin) ?? { at: 0, isOpen: false, reopening: null };
        if (isClosed || kept.isOpen) return;
        kept.at = Date.now();
        kept.isOpen = true;
        readied.set(origin, kept);
        authorizationFor(origin);
        try {
          const response = await agent.request({
            origin,
            path: '/',
            method: 'OPTIONS',
            signal: AbortSignal.timeout(timeoutMs),
          });
          await response.body.dump();
          // undici hands the connection back to its pool a turn of the event loop after the answer.
          await new Promise((resolve) => setImmediate(resolve));
        } catch {
          // Not reached now: the next push opens its own connection, as it would have.
          kept.isOpen = false;
        }
      }),
    );
  }

  return {
    send,
    warmUp,
    close: async () => {
      isClosed = true;
      for (const { reopening } of readied.values()) if (reopening) clearTimeout(reopening);
      await agent.destroy();
      await encryption.close();
    },
  };
}
