import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
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
        test: { isDone: false, confirmedAt: null },
        connect: { isDone: false, flowId: null },
        firstLead: { isDone: false, at: null, flowId: null },
      },
      isComplete: false,
      // No device yet: every lead is emailed (the SMTP sink here), so the owner is still alerted.
      alerting: { willBeAlerted: true, workingDeviceCount: 0, emailCopies: true, canSendEmail: true },
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
    expect(confirmed.steps.test).toEqual({ isDone: true, confirmedAt: expect.any(String) });
    expect(confirmed.alerting).toEqual({
      willBeAlerted: true,
      workingDeviceCount: 1,
      emailCopies: false,
      canSendEmail: true,
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
      willBeAlerted: false,
      workingDeviceCount: 0,
      emailCopies: false,
      canSendEmail: true,
    });
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
