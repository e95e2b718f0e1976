import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, openEventStream } from '../../../test/event-stream.ts';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import {
  createTestDatabase,
  type ServerProcess,
  sharedSecretsEnv,
  startServerProcess,
  WITH_SERVER_PROCESS_MS,
} from '../../../test/test-app.ts';

// Decision 028: two server processes on one database are one server to a website and a console.
const BURST = 5;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpSink;
let stub: PushServiceStub;
// A runs the delivery worker; B only answers requests.
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  [smtp, stub] = await Promise.all([startSmtpSink(), startPushServiceStub()]);
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    PUSH_SERVICE_HOSTS: stub.host,
    NODE_EXTRA_CA_CERTS: stub.caFile,
    // A token every 1,000 s: within the test, the burst is all a key gets.
    NOTIFY_RATE_LIMIT: '0.001',
    NOTIFY_RATE_BURST: String(BURST),
    ...sharedSecretsEnv(),
  };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess({ ...env, DELIVERY_WORKER: 'false' })]);
}, WITH_SERVER_PROCESS_MS);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([smtp?.close(), stub?.close()]);
});

function post(server: ServerProcess, apiKey: string, body: Record<string, unknown>, headers = {}) {
  return createHttpClient(server, { bearer: apiKey }).post('/v1/notify', body, headers);
}

describe('several server processes on one database', () => {
  it(
    'a lead posted to one is streamed by the other, the burst is shared, and each lead is pushed exactly once',
    { timeout: 60_000 },
    async () => {
      const owner = await onboardedOwner({ baseUrl: b.baseUrl, smtp });
      const flowId = await createFlow(owner.client);
      const device = stub.createSubscription();
      expect((await owner.client.post('/v1/push-subscriptions', device.subscription)).status).toBe(201);
      // Pushes only: no email copy (decision 021) among the deliveries counted.
      expect((await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false })).status).toBe(200);
      const stream = await openEventStream(b.baseUrl, cookieOf(owner.client));
      await stream.waitFor((events) => events.some((event) => event.event === 'ready'));

      const first = await post(a, owner.apiKey, { flowId, data: { name: 'Ann' } });
      expect(first.status).toBe(202);
      await stream.waitFor((events) => events.some((event) => event.event === 'notification'));
      const streamed = JSON.parse(stream.events.find((event) => event.event === 'notification')!.data!);
      expect(streamed).toMatchObject({ id: first.body.id, flowId, title: 'New lead: Ann' });

      // One bucket: the rest of the burst alternates between the processes, each told what is left.
      const accepted = [first.body.id as string];
      const remaining = [Number(first.headers.get('ratelimit-remaining'))];
      for (let i = 1; i < BURST; i += 1) {
        const answer = await post(i % 2 ? b : a, owner.apiKey, { flowId, data: { name: `Lead ${i}` } });
        expect(answer.status).toBe(202);
        accepted.push(answer.body.id);
        remaining.push(Number(answer.headers.get('ratelimit-remaining')));
      }
      expect(remaining).toEqual([4, 3, 2, 1, 0]);
      for (const server of [b, a]) {
        const refused = await post(server, owner.apiKey, { flowId, data: { name: 'One too many' } });
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe('rate_limited');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      }

      const pushed = await stub.waitForMessages(device.id, BURST, 20_000);
      await stream.waitFor(
        (events) => events.filter((event) => event.event === 'notification').length >= BURST,
        10_000,
      );
      // Time for a second delivery or a second announcement to show, were there one.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const pushedIds = stub.messagesFor(device.id).map((message) => message.payload.notificationId);
      expect(pushedIds).toHaveLength(BURST);
      expect(new Set(pushedIds)).toEqual(new Set(accepted));
      expect(pushed.every((message) => message.answer === 201)).toBe(true);
      const streamedIds = stream.events
        .filter((event) => event.event === 'notification')
        .map((event) => JSON.parse(event.data!).id);
      expect(streamedIds).toEqual(accepted);
      const stored = await owner.client.get(`/v1/flows/${flowId}/notifications`);
      expect(stored.body.Notifications).toHaveLength(BURST);
      await stream.close();
    },
  );

  it('a key revoked or narrowed through one process is refused by the other at once', async () => {
    const owner = await onboardedOwner({ baseUrl: b.baseUrl, smtp });
    const flowId = await createFlow(owner.client);
    const created = await owner.client.post('/v1/api-keys', { label: 'Second site' });
    expect(created.status).toBe(201);
    const secondKey = (await owner.client.get(`/v1/api-keys/${created.body.id}/secret`)).body.API_Key as string;
    const elsewhere = { origin: 'https://copycat.example' };
    // A remembers both keys as they are now.
    expect((await post(a, owner.apiKey, { flowId })).status).toBe(202);
    expect((await post(a, secondKey, { flowId }, elsewhere)).status).toBe(202);

    const keys = await owner.client.get('/v1/api-keys');
    const firstKeyId = keys.body.data.find((key: { id: string }) => key.id !== created.body.id).id;
    expect((await owner.client.delete(`/v1/api-keys/${firstKeyId}`)).status).toBe(204);
    const narrowed = await owner.client.patch(`/v1/api-keys/${created.body.id}`, {
      allowedOrigins: ['https://www.acme-homes.example'],
    });
    expect(narrowed.status).toBe(200);

    const revoked = await post(a, owner.apiKey, { flowId });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('invalid_api_key');
    const refused = await post(a, secondKey, { flowId }, elsewhere);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('origin_not_allowed');
    expect((await post(a, secondKey, { flowId }, { origin: 'https://www.acme-homes.example' })).status).toBe(202);
  });

  it('a key revoked through one process after its burst is refused by both with 401, not 429', async () => {
    const owner = await onboardedOwner({ baseUrl: b.baseUrl, smtp });
    const flowId = await createFlow(owner.client);
    for (let i = 0; i < BURST; i += 1) expect((await post(i % 2 ? a : b, owner.apiKey, { flowId })).status).toBe(202);
    expect((await post(a, owner.apiKey, { flowId })).status).toBe(429);
    const keys = await owner.client.get('/v1/api-keys');
    expect((await owner.client.delete(`/v1/api-keys/${keys.body.data[0].id}`)).status).toBe(204);
    for (const server of [a, b]) expect((await post(server, owner.apiKey, { flowId })).status).toBe(401);
  });

  it('posts racing to both processes at once: exactly the burst passes', async () => {
    const owner = await onboardedOwner({ baseUrl: b.baseUrl, smtp });
    const flowId = await createFlow(owner.client);
    const answers = await Promise.all(
      Array.from({ length: 3 * BURST }, (_, i) => post(i % 2 ? a : b, owner.apiKey, { flowId })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(BURST);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * BURST);
    const stored = await owner.client.get(`/v1/flows/${flowId}/notifications`);
    expect(stored.body.Notifications).toHaveLength(BURST);
  });
});
