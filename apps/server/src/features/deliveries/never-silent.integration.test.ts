import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, openEventStream } from '../../../test/event-stream.ts';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub, type StubAnswer } from '../../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
let stub: PushServiceStub;

beforeAll(async () => {
  stub = await startPushServiceStub();
  app = await startTestApp({ PUSH_SERVICE_HOSTS: stub.host }, undefined, { pushCa: stub.ca });
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
});

async function registerDevice(client: HttpClient, ...answers: StubAnswer[]) {
  const { id: stubId, subscription } = stub.createSubscription();
  stub.script(stubId, ...answers);
  const response = await client.post('/v1/push-subscriptions', subscription);
  expect(response.status).toBe(201);
  return { stubId, deviceId: response.body.id as string };
}

async function channelsOf(notificationId: string): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await app.pool.query<{ channel: string; status: string; fallback_reason: string | null }>(
      'select channel, status, fallback_reason from deliveries where notification_id = $1 order by channel desc, created_at',
      [notificationId],
    );
    if (rows.length > 0 && rows.every((row) => row.status !== 'pending'))
      return rows.map((row) => [row.channel, row.status, row.fallback_reason].filter(Boolean).join(' '));
    if (Date.now() > deadline) throw new Error(`Deliveries still pending: ${JSON.stringify(rows)}`);
    await sleep(50);
  }
}

/** What the service worker does when it shows a push: a receipt with the user's session. */
async function receipt(client: HttpClient, body: unknown) {
  return client.post('/v1/push/receipts', body);
}

describe('never silent › email copies until a device confirms', () => {
  it('a user who never confirmed a push gets pushes and email copies; after a receipt, pushes only', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const { stubId, deviceId } = await registerDevice(owner.client);

    const first = await notify(app, owner.apiKey, { flowId, data: { name: 'Ann' } });
    expect(await channelsOf(first.id)).toEqual(['push delivered', 'email delivered']);
    const [pushed] = await stub.waitForMessages(stubId, 1);
    expect((await receipt(owner.client, { deliveryId: pushed!.payload.deliveryId })).status).toBe(204);
    const [device] = (await owner.client.get('/v1/push-subscriptions')).body.data;
    expect(device).toMatchObject({ id: deviceId, lastReceivedAt: expect.any(String) });
    expect((await owner.client.get('/v1/me/delivery-preferences')).body).toEqual({
      emailNotifications: false,
      isDefault: true,
      quietHours: null,
      sms: 'off',
      voice: 'off',
    });

    const second = await notify(app, owner.apiKey, { flowId, data: { name: 'Bo' } });
    expect(await channelsOf(second.id)).toEqual(['push delivered']);
  });

  it('a user who chose email copies keeps getting them after a device confirmed', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const { deviceId } = await registerDevice(owner.client);
    expect((await receipt(owner.client, { deviceId })).status).toBe(204);
    await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: true });
    const accepted = await notify(app, owner.apiKey, { flowId, data: { name: 'Cy' } });
    expect(await channelsOf(accepted.id)).toEqual(['push delivered', 'email delivered']);
  });

  it('two devices failing at the same moment send exactly one email copy', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
    await registerDevice(owner.client, { status: 410 });
    await registerDevice(owner.client, { status: 410 });
    await registerDevice(owner.client, { status: 413 });
    const mailsBefore = app.smtp.count();
    const accepted = await notify(app, owner.apiKey, { flowId, data: { name: 'Di' } });
    const channels = await channelsOf(accepted.id);
    expect(channels.filter((channel) => channel.startsWith('push'))).toEqual([
      'push failed',
      'push failed',
      'push failed',
    ]);
    expect(channels.filter((channel) => channel.startsWith('email'))).toEqual(['email delivered push_failed']);
    await sleep(300);
    expect(app.smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(owner.email))).toHaveLength(1);
  });
});

describe('never silent › receipts', () => {
  it('only the user’s own deliveries and devices; anything else answers 404, a bad body 400', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const { stubId, deviceId } = await registerDevice(owner.client);
    await notify(app, owner.apiKey, { flowId, data: { name: 'Eve' } });
    const [pushed] = await stub.waitForMessages(stubId, 1);

    expect((await receipt(other.client, { deliveryId: pushed!.payload.deliveryId })).status).toBe(404);
    expect((await receipt(other.client, { deviceId })).status).toBe(404);
    expect((await receipt(owner.client, { deviceId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const bad = await receipt(owner.client, { deliveryId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toHaveProperty('deliveryId');
    expect((await receipt(owner.client, {})).status).toBe(400);
    expect((await receipt(owner.client, { deviceId, deliveryId: pushed!.payload.deliveryId })).status).toBe(400);
    expect((await other.client.get('/v1/setup')).body.steps.test.isDone).toBe(false);
  });

  it('the first receipt is kept, and tells the user’s open consoles to refetch their setup', async () => {
    const owner = await onboardedOwner(app);
    const { deviceId } = await registerDevice(owner.client);
    const stream = await openEventStream(app.baseUrl, cookieOf(owner.client));
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));

    expect((await receipt(owner.client, { deviceId })).status).toBe(204);
    await stream.waitFor((events) => events.some((event) => event.event === 'setup'));
    const confirmedAt = (await owner.client.get('/v1/setup')).body.steps.test.confirmedAt;
    expect(confirmedAt).toEqual(expect.any(String));
    expect((await receipt(owner.client, { deviceId })).status).toBe(204);
    expect((await owner.client.get('/v1/setup')).body.steps.test.confirmedAt).toBe(confirmedAt);
    await stream.close();
  });

  it('a test push’s outcome reaches the user’s open consoles', async () => {
    const owner = await onboardedOwner(app);
    const { deviceId } = await registerDevice(owner.client, { status: 500 });
    const stream = await openEventStream(app.baseUrl, cookieOf(owner.client));
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));
    expect((await owner.client.post(`/v1/push-subscriptions/${deviceId}/test`)).status).toBe(202);
    await stream.waitFor((events) => events.some((event) => event.event === 'setup'));
    const [device] = (await owner.client.get('/v1/push-subscriptions')).body.data;
    expect(device).toMatchObject({ lastFailureAt: expect.any(String), lastFailureReason: 'push service error (500)' });
    await stream.close();
  });
});

describe('never silent › the delivery detail', () => {
  it('lists each device and mailbox; another entity’s notification answers 404', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    await registerDevice(owner.client);
    const accepted = await notify(app, owner.apiKey, { flowId, data: { name: 'Fay' } });
    await channelsOf(accepted.id);
    const detail = await owner.client.get(`/v1/notifications/${accepted.id}/deliveries`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual([
      expect.objectContaining({
        channel: 'push',
        status: 'delivered',
        device: { id: expect.any(String), label: null, pushService: stub.host },
        recipient: { userId: expect.any(String), name: 'Ann Owner', email: owner.email },
        fallbackReason: null,
      }),
      expect.objectContaining({ channel: 'email', status: 'delivered', device: null, fallbackReason: null }),
    ]);
    expect((await other.client.get(`/v1/notifications/${accepted.id}/deliveries`)).status).toBe(404);
    expect((await owner.client.get('/v1/notifications/not-a-uuid/deliveries')).status).toBe(404);
  });
});
