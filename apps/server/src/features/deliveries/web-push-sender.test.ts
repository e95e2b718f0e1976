import { setTimeout as sleep } from 'node:timers/promises';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { PUSH_TIMEOUT_MS } from '../../jobs/deliver-notification.job.ts';
import { createWebPushSender, type WebPushSender } from './web-push-sender.ts';

const PAYLOAD = JSON.stringify({ title: 'New lead: Ann', message: 'Can you fit a tap on Friday?' });
const TIMEOUT_MS = 500;

let stub: PushServiceStub;
let sender: WebPushSender;

// The connection tests' own senders wait as long as the worker waits for a push: on a loaded
// machine a TLS handshake took longer than the hang test's half second (a CI run failed so).
const senderForStub = (timeoutMs = PUSH_TIMEOUT_MS) =>
  createWebPushSender({
    vapid: { subject: 'mailto:test@leadbell.app', ...webpush.generateVAPIDKeys() },
    timeoutMs,
    ca: stub.ca,
    keepOpen: { reopenAfterMs: 20, atMostEveryMs: 0 },
  });

beforeAll(async () => {
  stub = await startPushServiceStub();
  sender = senderForStub(TIMEOUT_MS);
});
afterAll(async () => {
  await sender.close();
  await stub.close();
});

describe('the Web Push sender', () => {
  it('delivers a message its device can read, and passes on the push service’s refusal and Retry-After', async () => {
    const device = stub.createSubscription();
    stub.script(device.id, { status: 429, headers: { 'retry-after': '30' } });

    expect(await sender.send(device.subscription, PAYLOAD, { ttlSeconds: 60 })).toMatchObject({
      statusCode: 429,
      retryAfter: '30',
    });
    expect(await sender.send(device.subscription, PAYLOAD, { ttlSeconds: 60 })).toMatchObject({
      statusCode: 201,
      retryAfter: undefined,
    });
    const [, delivered] = await stub.waitForMessages(device.id, 2);
    expect(delivered!.payload).toEqual(JSON.parse(PAYLOAD));
  });

  it('gives up on a push service that never answers after its timeout, and says so', async () => {
    const device = stub.createSubscription();
    stub.script(device.id, 'hang');
    const answer = await sender.send(device.subscription, PAYLOAD, { ttlSeconds: 60 });
    expect(answer).toMatchObject({
      statusCode: null,
      error: `no answer within ${TIMEOUT_MS / 1000} s`,
      isPermanent: false,
    });
    expect(answer.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it('says why when nothing listens at the endpoint', async () => {
    const device = stub.createSubscription();
    const closedPort = { ...device.subscription, endpoint: 'https://127.0.0.1:1/push/nobody' };
    expect(await sender.send(closedPort, PAYLOAD, { ttlSeconds: 60 })).toMatchObject({
      statusCode: null,
      error: expect.stringContaining('ECONNREFUSED'),
      isPermanent: false,
    });
  });

  it('keeps an idle connection for the next lead, minutes apart, rather than a new TLS handshake each', async () => {
    // A sender of its own: no connection another test aborted is left in its pool to reopen.
    const own = senderForStub();
    try {
      const device = stub.createSubscription();
      const before = stub.connectionsOpened();
      await own.send(device.subscription, PAYLOAD, { ttlSeconds: 60 });
      expect(stub.connectionsOpened()).toBe(before + 1);
      // Longer than undici's own idle timeout (4 s).
      await sleep(4_500);
      expect(await own.send(device.subscription, PAYLOAD, { ttlSeconds: 60 })).toMatchObject({ statusCode: 201 });
      expect(stub.connectionsOpened()).toBe(before + 1);
    } finally {
      await own.close();
    }
  }, 15_000);

  it('readies a push service before its first push: the connection it opens is the one the push uses', async () => {
    const own = senderForStub();
    try {
      const device = stub.createSubscription();
      const [before, refusedBefore] = [stub.connectionsOpened(), stub.refused.length];
      // A push service not there (nothing listens) is left for the push to meet, as without it.
      const readiedBefore = stub.readyingRequests();
      await own.warmUp([stub.origin, stub.origin, 'https://127.0.0.1:1']);
      expect(stub.connectionsOpened()).toBe(before + 1);
      // Readied once while its connection stays open: a team's devices registering one after another.
      await own.warmUp([stub.origin]);
      expect(stub.readyingRequests()).toBe(readiedBefore + 1);
      expect(await own.send(device.subscription, PAYLOAD, { ttlSeconds: 60 })).toMatchObject({ statusCode: 201 });
      expect(stub.connectionsOpened()).toBe(before + 1);
      // Readying is not a push: none refused, the one push received.
      expect(stub.refused.length).toBe(refusedBefore);
      expect((await stub.waitForMessages(device.id, 1))[0]!.payload).toEqual(JSON.parse(PAYLOAD));
    } finally {
      await own.close();
    }
  });

  it('opens a readied push service’s connection again when the service closes it, for the lead after a quiet spell', async () => {
    const own = senderForStub();
    try {
      const device = stub.createSubscription();
      const [before, readiedBefore] = [stub.connectionsOpened(), stub.readyingRequests()];
      await own.warmUp([stub.origin]);
      expect(stub.connectionsOpened()).toBe(before + 1);
      stub.closeConnections();
      for (const deadline = Date.now() + 5_000; stub.readyingRequests() < readiedBefore + 2 && Date.now() < deadline;)
        await sleep(20);
      expect(stub.connectionsOpened()).toBe(before + 2);
      // Once its answer is read, the connection is back in the pool, and the push takes it: no
      // handshake of its own.
      await sleep(100);
      expect(await own.send(device.subscription, PAYLOAD, { ttlSeconds: 60 })).toMatchObject({ statusCode: 201 });
      expect(stub.connectionsOpened()).toBe(before + 2);
    } finally {
      await own.close();
    }
  });
});
