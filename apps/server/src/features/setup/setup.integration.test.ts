import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, notify, onboardedOwner, PASSWORD, uniqueEmail } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
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

describe('setup › the first-day checklist reads the records', () => {
  it('ticks each step as the owner gets there: device, confirmed push, connected site, first real lead', async () => {
    const owner = await onboardedOwner(app);
    const setup = async () => (await owner.client.get('/v1/setup')).body;

    expect(await setup()).toEqual({
      steps: {
        device: { isDone: false, deviceCount: 0 },
        test: { isDone: false, confirmedAt: null, channel: null },
        connect: { isDone: false, flowId: null },
        firstLead: { isDone: false, at: null, flowId: null },
      },
      isComplete: false,
      // No device yet: every lead is emailed (the SMTP sink here), so the owner is still alerted.
      alerting: { channels: ['email'], deviceCount: 0, workingDeviceCount: 0, emailCopies: true },
    });

    const flowId = await createFlow(owner.client);
    expect((await setup()).steps.connect).toEqual({ isDone: false, flowId });

    const { subscription } = stub.createSubscription();
    const device = await owner.client.post('/v1/push-subscriptions', subscription);
    expect((await setup()).steps.device).toEqual({ isDone: true, deviceCount: 1 });

    await notify(app, owner.apiKey, { flowId, test: true, data: { name: 'Sample' } });
    const afterTest = await setup();
    expect(afterTest.steps.connect).toEqual({ isDone: true, flowId });
    expect(afterTest.steps.firstLead.isDone).toBe(false);

    expect((await owner.client.post('/v1/push/receipts', { deviceId: device.body.id })).status).toBe(204);
    const confirmed = await setup();
    expect(confirmed.steps.test).toEqual({ isDone: true, confirmedAt: expect.any(String), channel: 'push' });
    expect(confirmed.alerting).toEqual({
      channels: ['push'],
      deviceCount: 1,
      workingDeviceCount: 1,
      emailCopies: false,
    });

    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Real' } });
    const done = await setup();
    expect(done.steps.firstLead).toEqual({ isDone: true, at: lead.createdAt, flowId });
    expect(done.isComplete).toBe(true);
  });

  it('says the owner will not be alerted when no device ever confirmed and email copies are off', async () => {
    const owner = await onboardedOwner(app);
    const { subscription } = stub.createSubscription();
    expect((await owner.client.post('/v1/push-subscriptions', subscription)).status).toBe(201);
    await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
    expect((await owner.client.get('/v1/setup')).body.alerting).toEqual({
      channels: [],
      deviceCount: 1,
      workingDeviceCount: 0,
      emailCopies: false,
    });
  });

  it('finishes by email: email chosen on purpose is step ①, a test email the mail server took is step ②', async () => {
    const owner = await onboardedOwner(app);
    const setup = async () => (await owner.client.get('/v1/setup')).body;
    expect((await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: true })).status).toBe(200);
    expect((await setup()).steps.device).toEqual({ isDone: true, deviceCount: 0 });

    const mailsBefore = app.smtp.count();
    const sent = await owner.client.post('/v1/me/email/test');
    expect(sent).toMatchObject({ status: 200, body: { to: owner.email } });
    expect((await app.smtp.waitForMail(owner.email, { after: mailsBefore })).subject).toBe(
      'Leadbell test: new leads reach this inbox',
    );
    expect((await setup()).steps.test).toEqual({ isDone: true, confirmedAt: expect.any(String), channel: 'email' });
  });

  it('sends one test email a minute, however many are asked for at once', async () => {
    const owner = await onboardedOwner(app);
    const mailsBefore = app.smtp.count();
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.client.post('/v1/me/email/test')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBe('60');
    await app.smtp.waitForMail(owner.email, { after: mailsBefore });
    expect(app.smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(owner.email))).toHaveLength(1);
  });

  it('is the signed-in user’s own, and needs a session', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const { subscription } = stub.createSubscription();
    await owner.client.post('/v1/push-subscriptions', subscription);
    expect((await other.client.get('/v1/setup')).body.steps.device.isDone).toBe(false);
    expect((await fetch(`${app.baseUrl}/v1/setup`)).status).toBe(401);
  });
});

describe('setup › the alert status on a server that prints its mail', () => {
  it('counts email as reaching the person when mail is printed to the log (a local start, MAIL_TRANSPORT=log)', async () => {
    const local = await startTestApp({ MAIL_TRANSPORT: 'log' });
    try {
      // The code is printed, not mailed: the address is verified as reading it from the log would.
      const client = createHttpClient(local);
      const email = uniqueEmail();
      expect(
        (await client.post('/v1/auth/sign-up/email', { name: 'Lou Local', email, password: PASSWORD })).status,
      ).toBe(200);
      await local.pool.query('update users set email_verified = true where email = $1', [email]);
      expect((await client.post('/v1/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      expect((await client.post('/v1/entities', { name: 'Local Plumbing' })).status).toBe(201);

      expect((await client.get('/v1/setup')).body.alerting.channels).toEqual(['email']);
    } finally {
      await local.close();
    }
  });
});
