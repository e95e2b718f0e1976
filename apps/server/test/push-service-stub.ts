import { execFile } from 'node:child_process';
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

// http_ece ships no types; this is the one function the stub uses.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }) => Buffer;
};

/**
 * What the stub answers one request with: a status (and headers), once `after` settles when given
 * (the request is received and decrypted at once), or no answer at all.
 */
export type StubAnswer = { status: number; headers?: Record<string, string>; after?: Promise<unknown> } | 'hang';

export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted body, parsed as JSON. */
  payload: any;
  ttl: number;
  urgency: string | undefined;
  vapid: JWTPayload & { publicKey: string };
  /** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
  receivedAt: number;
  answer: number | 'hang';
};

export type StubSubscription = {
  id: string;
  /** What a browser's `PushSubscription.toJSON()` gives, ready for POST /v1/push-subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};

type Subscriber = { privateKey: ECDH; authSecret: Buffer; answers: StubAnswer[] };

const execFileAsync = promisify(execFile);
const MAX_BODY_BYTES = 4096;
const MAX_VAPID_LIFETIME_S = 24 * 3600;

function now(): number {
  return performance.timeOrigin + performance.now();
}

/** A self-signed P-256 certificate for 127.0.0.1, made at test time: nothing secret is committed. */
async function selfSignedCertificate(): Promise<{ key: string; cert: string; certFile: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-push-stub-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  await execFileAsync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8'), certFile, dir };
}

/**
 * A local Web Push service over HTTPS that does what FCM or Apple do with a message: checks the
 * VAPID JWT (RFC 8292) against the key in the header, refuses bodies over 4,096 bytes, and
 * decrypts the body (RFC 8291, aes128gcm) with the subscriber's private key, as the browser
 * would. Each subscription can be scripted to answer 410, 429 with Retry-After, 503, or hang.
 *
 * `decryptLater`: for benchmarks. A real push service answers without decrypting (the device does
 * that, elsewhere), so the stub answers and keeps the body; `decryptArrived()` decrypts every
 * message afterwards, and any that does not decrypt fails the run. Otherwise the stub's own
 * decryption would take the CPU of the machine it shares with the server it measures.
 */
export async function startPushServiceStub({
  decryptLater = false,
  idleTimeoutMs = 0,
}: {
  decryptLater?: boolean;
  /** Closes a connection idle this long, as a push service's front end may; 0 keeps it (the default). */
  idleTimeoutMs?: number;
} = {}) {
  const { key, cert, certFile, dir } = await selfSignedCertificate();
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const arrived: Array<{ subscriber: Subscriber; body: Buffer; message: Omit<ReceivedPush, 'payload'> }> = [];
  const refused: Array<{ subscriptionId: string; status: number; reason: string }> = [];
  const waiters = new Set<() => void>();
  const openSockets = new Set<Socket>();
  const vapidKeys = new Map<string, ReturnType<typeof importJWK>>();
  const verifiedTokens = new Map<string, JWTPayload>();
  let origin = '';

  function keyOf(publicKey: string) {
    let imported = vapidKeys.get(publicKey);
    if (!imported) {
      const point = Buffer.from(publicKey, 'base64url');
      if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
      imported = importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        'ES256',
      );
      vapidKeys.set(publicKey, imported);
    }
    return imported;
  }

  /** RFC 8292: `vapid t=<JWT>, k=<public key>`, signed with that key, for this origin, expiring within 24 h. */
  async function verifyVapid(header: string | undefined): Promise<JWTPayload & { publicKey: string }> {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
    if (!match) throw new Error('no VAPID authorization');
    const [, token, publicKey] = match as unknown as [string, string, string];
    let claims = verifiedTokens.get(`${publicKey} ${token}`);
    if (!claims) {
      ({ payload: claims } = await jwtVerify(token, await keyOf(publicKey), {
        audience: origin,
        algorithms: ['ES256'],
      }));
      verifiedTokens.set(`${publicKey} ${token}`, claims);
    }
    const nowSeconds = Date.now() / 1000;
    if (!claims.exp || claims.exp < nowSeconds) throw new Error('VAPID token expired');
    if (claims.exp > nowSeconds + MAX_VAPID_LIFETIME_S) throw new Error('VAPID token lives longer than 24 hours');
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
      throw new Error('VAPID sub is not a contact');
    return { ...claims, publicKey };
  }

  function decrypt(subscriber: Subscriber, body: Buffer): unknown {
    const plaintext = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: subscriber.privateKey,
      authSecret: subscriber.authSecret,
    });
    return JSON.parse(plaintext.toString('utf8'));
  }

  function wake(): void {
    for (const waiter of waiters) waiter();
  }

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = now();
      void (async () => {
        const subscriptionId = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
        const subscriber = subscribers.get(subscriptionId);
        const refuse = (status: number, reason: string) => {
          refused.push({ subscriptionId, status, reason });
          response.writeHead(status).end(reason);
          wake();
        };
        // Not a push (a sender readying its connection, web-push-sender.ts's warmUp): answered as a
        // push service's front end answers for its root, kept alive, and no push was refused.
        if (request.method !== 'POST' && request.url === '/') {
          readyingRequests += 1;
          return void response.writeHead(404, { 'content-length': 0 }).end();
        }
        if (request.method !== 'POST' || !subscriber) return refuse(404, 'no such subscription');
        let vapid: ReceivedPush['vapid'];
        try {
          vapid = await verifyVapid(request.headers.authorization);
        } catch (error) {
          return refuse(403, `VAPID: ${(error as Error).message}`);
        }
        const body = Buffer.concat(chunks);
        if (body.length > MAX_BODY_BYTES) return refuse(413, 'body over 4096 bytes');
        if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'not aes128gcm');
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
        const answer = subscriber.answers.shift() ?? { status: 201 };
        const message = {
          subscriptionId,
          ttl,
          urgency: request.headers.urgency as string | undefined,
          vapid,
          receivedAt,
          answer: answer === 'hang' ? ('hang' as const) : answer.status,
        };
        if (decryptLater) arrived.push({ subscriber, body, message });
        else {
          try {
            received.push({ ...message, payload: decrypt(subscriber, body) });
          } catch (error) {
            return refuse(400, `cannot decrypt: ${(error as Error).message}`);
          }
        }
        wake();
        // A hung push service: the request is read and never answered.
        if (answer === 'hang') return;
        await answer.after;
        response.writeHead(answer.status, answer.headers).end();
      })();
    });
  });
  // By default no Keep-Alive hint and no idle timeout of its own, as a push service's front end:
  // an idle connection stays open until the sender closes it (Node's server would hint 5 s).
  server.keepAliveTimeout = idleTimeoutMs;
  let connectionsOpened = 0;
  let readyingRequests = 0;
  server.on('secureConnection', () => {
    connectionsOpened += 1;
  });
  server.on('connection', (socket: Socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  origin = `https://127.0.0.1:${port}`;

  async function waitFor<T>(
    read: () => T | undefined,
    { timeoutMs = 10_000, what = 'push messages' } = {},
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          waiters.delete(done);
          resolve();
        };
        waiters.add(done);
        setTimeout(done, 100);
      });
    }
  }

  return {
    /** host:port, for PUSH_SERVICE_HOSTS. */
    host: `127.0.0.1:${port}`,
    origin,
    /** The certificate (PEM) to trust, and its file for NODE_EXTRA_CA_CERTS. */
    ca: cert,
    caFile: certFile,
    received,
    refused,

    /** How many TLS connections senders opened to it. */
    connectionsOpened: () => connectionsOpened,

    /** How many requests that were not pushes (senders readying a connection) it answered. */
    readyingRequests: () => readyingRequests,

    /** Closes every open connection, as a push service's idle timeout does. */
    closeConnections(): void {
      for (const socket of openSockets) socket.destroy();
    },

    /** How many messages arrived: with `decryptLater`, before they are decrypted. */
    arrivedCount: () => (decryptLater ? arrived.length : received.length),

    /** With `decryptLater`: decrypts every message that arrived into `received`; throws if one does not decrypt. */
    decryptArrived(): void {
      for (const { subscriber, body, message } of arrived.splice(0)) {
        received.push({ ...message, payload: decrypt(subscriber, body) });
      }
    },

    /** A new subscriber as a browser would create it: a P-256 key pair and a 16-byte auth secret. */
    createSubscription(): StubSubscription {
      const id = randomUUID();
      const privateKey = createECDH('prime256v1');
      privateKey.generateKeys();
      const authSecret = randomBytes(16);
      subscribers.set(id, { privateKey, authSecret, answers: [] });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: privateKey.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
      };
    },

    /** The subscription's next requests get these answers, in order; later ones get 201. */
    script(subscriptionId: string, ...answers: StubAnswer[]): void {
      subscribers.get(subscriptionId)!.answers.push(...answers);
    },

    /** Messages decrypted for one subscription, every answer included. */
    messagesFor(subscriptionId: string): ReceivedPush[] {
      return received.filter((message) => message.subscriptionId === subscriptionId);
    },

    /** Waits until `count` messages for the subscription were decrypted (whatever they were answered). */
    waitForMessages(subscriptionId: string, count: number, timeoutMs = 10_000): Promise<ReceivedPush[]> {
      return waitFor(
        () => {
          const messages = received.filter((message) => message.subscriptionId === subscriptionId);
          return messages.length >= count ? messages : undefined;
        },
        { timeoutMs, what: `${count} messages for ${subscriptionId}` },
      );
    },

    waitFor,

    async close(): Promise<void> {
      for (const socket of openSockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type PushServiceStub = Awaited<ReturnType<typeof startPushServiceStub>>;
