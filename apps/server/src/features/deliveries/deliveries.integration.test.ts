import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub, type StubAnswer } from '../../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { PUSH_TIMEOUT_MS } from '../../jobs/deliver-notification.job.ts';

let app: TestApp;
let stub: PushServiceStub;
const TTL_SECONDS = 3600;

beforeAll(async () => {
  stub = await startPushServiceStub();
  app = await startTestApp({ PUSH_SERVICE_HOSTS: stub.host, PUSH_TTL_SECONDS: String(TTL_SECONDS) }, undefined, {
    pushCa: stub.ca,
  });
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
});

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

/**
 * An onboarded owner with a flow and one registered device on the stub, answering as scripted.
 * Email copies are turned off, so only the pushes (and the fallback email when they fail) go out.
 */
async function ownerWithDevice(...answers: StubAnswer[]) {
  const owner = await onboardedOwner(app);
  const flowId = await createFlow(owner.client);
  const device = await registerDevice(owner.client, ...answers);
  expect((await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false })).status).toBe(200);
  return { owner, flowId, ...device };
}

async function registerDevice(client: HttpClient, ...answers: StubAnswer[]) {
  const { id: stubId, subscription } = stub.createSubscription();
  stub.script(stubId, ...answers);
  const response = await client.post('/v1/push-subscriptions', { ...subscription, label: 'Pixel 9' });
  expect(response.status).toBe(201);
  return { stubId, deviceId: response.body.id as string };
}

function send(owner: Owner, flowId: string, name = 'Bob') {
  return notify(app, owner.apiKey, { flowId, data: { name, question: 'Is the flat still free?' } });
}

async function deliveriesOf(notificationId: string) {
  const { rows } = await app.pool.query(
    `select channel, status, attempts, last_error, subscription_id, fallback_reason from deliveries
      where notification_id = $1 order by channel desc, created_at`,
    [notificationId],
  );
  return rows as Array<{
    channel: string;
    status: string;
    attempts: number;
    last_error: string | null;
    fallback_reason: string | null;
  }>;
}

async function attemptsOf(notificationId: string) {
  const { rows } = await app.pool.query(
    `select a.outcome, a.status_code, a.error, a.attempted_at from delivery_attempts a
       join deliveries d on d.id = a.delivery_id where d.notification_id = $1 order by a.id`,
    [notificationId],
  );
  return rows as Array<{ outcome: string; status_code: number | null; error: string | null; attempted_at: Date }>;
}

/** Waits until the notification's deliveries are all out of `pending`. */
async function settled(notificationId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await deliveriesOf(notificationId);
    if (rows.length > 0 && rows.every((row) => row.status !== 'pending')) return rows;
    if (Date.now() > deadline) throw new Error(`Deliveries still pending: ${JSON.stringify(rows)}`);
    await sleep(50);
  }
}

/** The decoded body of one part of a received mail, as a mail app shows it. */
function mailPart(raw: string, type: 'text/plain' | 'text/html'): string {
  const part = raw.slice(raw.indexOf(`Content-Type: ${type}`));
  const headersEnd = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, headersEnd);
  const body = part
    .slice(headersEnd)
    .trimStart()
    .split(/\r?\n--/)[0]!;
  if (/^Content-Transfer-Encoding: base64/im.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) return body;
  const bytes = body.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function listed(client: HttpClient, flowId: string, notificationId: string) {
  const page = await client.get(`/v1/flows/${flowId}/notifications`);
  expect(page.status).toBe(200);
  return page.body.Notifications.find((notification: { id: string }) => notification.id === notificationId);
}

describe('deliveries › web push', () => {
  it('a notification posted to /v1/notify arrives at the push service encrypted, signed, and decrypts to its title and message', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice();
    const vapid = await owner.client.get('/v1/push/vapid-public-key');
    const accepted = await send(owner, flowId);

    const [message] = await stub.waitForMessages(stubId, 1);
    expect(message!.payload).toEqual({
      title: 'New lead: Bob',
      message: 'Bob wrote: Is the flat still free?',
      url: `${app.baseUrl}/flows/${flowId}`,
      notificationId: accepted.id,
      flowId,
      deliveryId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      deviceId: null,
      isTest: false,
      phone: null,
      actions: ['claim'],
      escalation: false,
      silent: false,
    });
    expect(message!.urgency).toBe('high');
    expect(message!.ttl).toBeGreaterThan(TTL_SECONDS - 60);
    expect(message!.ttl).toBeLessThanOrEqual(TTL_SECONDS);
    expect(message!.vapid).toMatchObject({ aud: stub.origin, sub: 'mailto:support@leadbell.app' });
    expect(message!.vapid.publicKey).toBe(vapid.body.publicKey);

    expect(await settled(accepted.id)).toMatchObject([{ channel: 'push', status: 'delivered', attempts: 1 }]);
    expect(await attemptsOf(accepted.id)).toMatchObject([{ outcome: 'delivered', status_code: 201, error: null }]);
    expect((await listed(owner.client, flowId, accepted.id)).delivery).toEqual({
      state: 'delivered',
      delivered: 1,
      failed: 0,
      pending: 0,
      reason: null,
    });
    const [device] = (await owner.client.get('/v1/push-subscriptions')).body.data;
    expect(device).toMatchObject({ consecutiveFailures: 0, isFailing: false, lastSuccessAt: expect.any(String) });
  });

  it('the lead’s phone number rides along for the notification’s Call button', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice();
    await owner.client.patch(`/v1/entities/${owner.entityId}`, { defaultCountry: 'GB' });
    await notify(app, owner.apiKey, { flowId, data: { name: 'Eve', phone: '07911 123456' } });
    const [message] = await stub.waitForMessages(stubId, 1);
    expect(message!.payload.phone).toBe('+447911123456');
    expect(message!.payload.actions).toEqual(['claim', 'call']);
  });

  it('the notification url, when given, is what the device opens', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice();
    await notify(app, owner.apiKey, { flowId, data: { name: 'Eve' }, url: 'https://acme.example/leads/42' });
    const [message] = await stub.waitForMessages(stubId, 1);
    expect(message!.payload.url).toBe('https://acme.example/leads/42');
  });

  it('the same VAPID header is reused for every message to one push service', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice();
    await send(owner, flowId, 'One');
    await send(owner, flowId, 'Two');
    const messages = await stub.waitForMessages(stubId, 2);
    expect(messages[0]!.vapid.exp).toBe(messages[1]!.vapid.exp);
    expect(messages[0]!.vapid.exp! - Date.now() / 1000).toBeGreaterThan(22 * 3600);
  });

  it('every device of the entity gets its own delivery', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice();
    const second = await registerDevice(owner.client);
    const accepted = await send(owner, flowId);
    await stub.waitForMessages(stubId, 1);
    await stub.waitForMessages(second.stubId, 1);
    expect((await settled(accepted.id)).map((row) => row.status)).toEqual(['delivered', 'delivered']);
    expect((await listed(owner.client, flowId, accepted.id)).delivery).toMatchObject({
      state: 'delivered',
      delivered: 2,
    });
  });

  it('an owner with no device gets every notification by email, whatever their choice, replying to the lead', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    expect((await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false })).status).toBe(200);
    for (const name of ['Ann', 'Bo']) {
      const mailsBefore = app.smtp.count();
      const accepted = await notify(app, owner.apiKey, {
        flowId,
        data: { name, question: 'Call me?', 'Your Email': `${name.toLowerCase()}@lead.example` },
      });
      const mail = await app.smtp.waitForMail(owner.email, { after: mailsBefore });
      expect(mail.subject).toBe(`New lead: ${name}`);
      expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${name.toLowerCase()}@lead\\.example`, 'im'));
      expect(mail.raw).toContain(`${app.baseUrl}/leads/${accepted.id}`);
      expect(mail.raw).toContain('you have no device with Leadbell notifications on');
      expect(await settled(accepted.id)).toMatchObject([
        { channel: 'email', status: 'delivered', fallback_reason: 'no_device' },
      ]);
      const detail = await owner.client.get(`/v1/notifications/${accepted.id}/deliveries`);
      expect(detail.body.data).toMatchObject([
        { channel: 'email', status: 'delivered', fallbackReason: 'no_device', recipient: { email: owner.email } },
      ]);
    }
  });

  for (const status of [410, 404]) {
    it(`a ${status} from the push service deletes the subscription and fails the delivery as "device unsubscribed"`, async () => {
      const { owner, flowId, stubId } = await ownerWithDevice({ status });
      const mailsBefore = app.smtp.count();
      const accepted = await send(owner, flowId);
      // The only device is gone, so the email copy goes out instead (decision 021).
      expect(await settled(accepted.id)).toMatchObject([
        { channel: 'push', status: 'failed', attempts: 1, last_error: 'device unsubscribed', subscription_id: null },
        { channel: 'email', status: 'delivered', fallback_reason: 'push_failed' },
      ]);
      const mail = await app.smtp.waitForMail(owner.email, { after: mailsBefore });
      expect(mail.raw).toContain('none of your devices could be reached');
      expect(await attemptsOf(accepted.id)).toMatchObject([
        { outcome: 'gone', status_code: status },
        { outcome: 'delivered', status_code: null },
      ]);
      expect(stub.messagesFor(stubId)).toHaveLength(1);
      expect((await owner.client.get('/v1/push-subscriptions')).body.data).toEqual([]);
      expect((await listed(owner.client, flowId, accepted.id)).delivery).toMatchObject({
        state: 'delivered',
        delivered: 1,
        failed: 1,
        pending: 0,
      });
    });
  }

  it('a 413 fails the delivery as "payload too large" without a retry', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice({ status: 413 });
    const accepted = await send(owner, flowId);
    expect(await settled(accepted.id)).toMatchObject([
      { channel: 'push', status: 'failed', attempts: 1, last_error: 'payload too large' },
      { channel: 'email', status: 'delivered', fallback_reason: 'push_failed' },
    ]);
    await sleep(1500);
    expect(stub.messagesFor(stubId)).toHaveLength(1);
    expect((await attemptsOf(accepted.id))[0]).toMatchObject({ outcome: 'failed', status_code: 413 });
    const [device] = (await owner.client.get('/v1/push-subscriptions')).body.data;
    expect(device).toMatchObject({ consecutiveFailures: 1, lastFailureReason: 'payload too large', isFailing: false });
  });

  it('a 429 is retried no sooner than its Retry-After, then delivered', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice({ status: 429, headers: { 'retry-after': '2' } });
    const accepted = await send(owner, flowId);
    const [first, second] = await stub.waitForMessages(stubId, 2, 15_000);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(2000);
    expect(await settled(accepted.id)).toMatchObject([{ status: 'delivered', attempts: 2, last_error: null }]);
    expect(await attemptsOf(accepted.id)).toMatchObject([
      { outcome: 'retry', status_code: 429, error: 'rate limited by the push service (429)' },
      { outcome: 'delivered', status_code: 201 },
    ]);
  });

  it('a 503 is retried with backoff and then delivered; while it waits, the list says why', async () => {
    const { owner, flowId, stubId } = await ownerWithDevice({ status: 503 }, { status: 503 });
    const accepted = await send(owner, flowId);
    await stub.waitForMessages(stubId, 1);
    while ((await deliveriesOf(accepted.id))[0]!.attempts === 0) await sleep(20);
    expect((await listed(owner.client, flowId, accepted.id)).delivery).toMatchObject({
      state: 'accepted',
      pending: 1,
      reason: 'push service error (503)',
    });
    await stub.waitForMessages(stubId, 3, 15_000);
    expect(await settled(accepted.id)).toMatchObject([{ status: 'delivered', attempts: 3 }]);
    expect((await attemptsOf(accepted.id)).map((attempt) => [attempt.outcome, attempt.status_code])).toEqual([
      ['retry', 503],
      ['retry', 503],
      ['delivered', 201],
    ]);
  });

  it(
    'a push service that never answers times out after PUSH_TIMEOUT_MS and the retry is delivered',
    { timeout: 40_000 },
    async () => {
      const { owner, flowId, stubId } = await ownerWithDevice('hang');
      const accepted = await send(owner, flowId);
      const [hung, answered] = await stub.waitForMessages(stubId, 2, 25_000);
      expect(hung!.answer).toBe('hang');
      expect(answered!.receivedAt - hung!.receivedAt).toBeGreaterThanOrEqual(PUSH_TIMEOUT_MS);
      expect(await settled(accepted.id)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
      expect(await attemptsOf(accepted.id)).toMatchObject([
        { outcome: 'retry', status_code: null, error: `no answer within ${PUSH_TIMEOUT_MS / 1000} s` },
        { outcome: 'delivered', status_code: 201 },
      ]);
    },
  );

  it('a device that keeps failing is flagged, and a success clears the flag', async () => {
    const { owner, flowId } = await ownerWithDevice({ status: 413 }, { status: 413 }, { status: 413 });
    for (const name of ['One', 'Two', 'Three']) await settled((await send(owner, flowId, name)).id);
    const [failing] = (await owner.client.get('/v1/push-subscriptions')).body.data;
    expect(failing).toMatchObject({ consecutiveFailures: 3, isFailing: true, lastFailureAt: expect.any(String) });

    await settled((await send(owner, flowId, 'Four')).id);
    const [recovered] = (await owner.client.get('/v1/push-subscriptions')).body.data;
    expect(recovered).toMatchObject({ consecutiveFailures: 0, isFailing: false });
  });

  it('"Send test notification" reaches the device through the same queue', async () => {
    const { owner, stubId, deviceId } = await ownerWithDevice();
    const response = await owner.client.post(`/v1/push-subscriptions/${deviceId}/test`);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ queued: 1, sentAt: expect.any(String) });
    const [message] = await stub.waitForMessages(stubId, 1);
    expect(message!.payload).toMatchObject({
      title: 'Leadbell test notification',
      notificationId: null,
      flowId: null,
      deliveryId: null,
      deviceId,
      isTest: true,
      actions: [],
    });
  });
});

describe('deliveries › email', () => {
  it('an owner who turned email on also gets each notification by email, escaped, from the same queue', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    expect((await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: true })).status).toBe(200);
    const mailsBefore = app.smtp.count();
    const accepted = await notify(app, owner.apiKey, {
      flowId,
      data: { name: '<b>Bob</b>', question: 'Is it <script>alert(1)</script> free?' },
    });

    const mail = await app.smtp.waitForMail(owner.email, { after: mailsBefore });
    expect(mail.subject).toContain('New lead:');
    const html = mail.raw.slice(mail.raw.indexOf('Content-Type: text/html'));
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('<script>');
    expect(mail.raw).toContain(`${app.baseUrl}/leads/${accepted.id}`);
    expect(await settled(accepted.id)).toMatchObject([{ channel: 'email', status: 'delivered', attempts: 1 }]);
    expect((await listed(owner.client, flowId, accepted.id)).delivery).toMatchObject({
      state: 'delivered',
      delivered: 1,
    });
  });

  it('a lead copy works on its own: every field the visitor sent, Call, Text, WhatsApp and Reply links, the lead card, Reply-To the lead', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    expect((await owner.client.patch(`/v1/entities/${owner.entityId}`, { defaultCountry: 'GB' })).status).toBe(200);
    const mailsBefore = app.smtp.count();
    const accepted = await notify(app, owner.apiKey, {
      flowId,
      data: {
        name: 'Eve',
        phone: '07911 123456',
        email: 'eve@lead.example',
        // The flow's templates use only {{name}} and {{question}}.
        note: 'Water everywhere, please call ASAP',
      },
    });

    const mail = await app.smtp.waitForMail(owner.email, { after: mailsBefore });
    expect(mail.subject).toBe('New lead: Eve');
    expect(mail.raw).toMatch(/^Reply-To: eve@lead\.example\r?$/im);
    const text = mailPart(mail.raw, 'text/plain');
    const html = mailPart(mail.raw, 'text/html');
    expect(text).toContain('note: Water everywhere, please call ASAP');
    expect(html).toMatch(/>note<\/td><td[^>]*>Water everywhere, please call ASAP<\/td>/);
    const links = [
      'tel:+447911123456',
      'sms:+447911123456',
      'https://wa.me/447911123456',
      // Addressed to the customer, never the owner's notification title (issue 49).
      'mailto:eve@lead.example?subject=Your%20inquiry',
      `${app.baseUrl}/leads/${accepted.id}`,
    ];
    for (const link of links) {
      expect(text).toContain(link);
      expect(html).toContain(`href="${link}"`);
    }
    expect(html).not.toContain(`/flows/${flowId}`);
  });

  it('with email off and a device, only the device gets it', async () => {
    const { owner, flowId } = await ownerWithDevice();
    const accepted = await send(owner, flowId);
    expect(await settled(accepted.id)).toMatchObject([{ channel: 'push', status: 'delivered' }]);
  });
});
