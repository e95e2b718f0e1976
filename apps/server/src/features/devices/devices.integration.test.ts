import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../test/http-client.ts';
import { onboardedOwner, signedInOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  // Nothing is sent in this file: the routes only record subscriptions.
  app = await startTestApp({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,*.push.apple.com' });
});
afterAll(async () => app?.close());

/** A subscription as Chrome's `PushSubscription.toJSON()` gives it. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('devices', () => {
  it('the VAPID public key is given to signed-in users only', async () => {
    expect((await createHttpClient(app).get('/v1/push/vapid-public-key')).status).toBe(401);
    const { client } = await signedInOwner(app);
    const response = await client.get('/v1/push/vapid-public-key');
    expect(response.status).toBe(200);
    expect(response.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('registering answers 201 with the device, which the user then lists', async () => {
    const { client } = await onboardedOwner(app);
    const created = await client.post('/v1/push-subscriptions', { ...browserSubscription(), label: 'Ann’s phone' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      label: 'Ann’s phone',
      pushService: 'fcm.googleapis.com',
      createdAt: expect.any(String),
      lastSuccessAt: null,
      lastFailureAt: null,
      lastFailureReason: null,
      consecutiveFailures: 0,
      isFailing: false,
      lastReceivedAt: null,
    });
    expect(created.body).not.toHaveProperty('endpoint');
    expect((await client.get('/v1/push-subscriptions')).body).toEqual({ data: [created.body] });
  });

  it('the same endpoint registered again is one device, moved to whoever registered it last', async () => {
    const first = await onboardedOwner(app);
    const second = await onboardedOwner(app);
    const subscription = browserSubscription();
    expect((await first.client.post('/v1/push-subscriptions', subscription)).status).toBe(201);
    expect((await first.client.post('/v1/push-subscriptions', subscription)).status).toBe(201);
    expect((await first.client.get('/v1/push-subscriptions')).body.data).toHaveLength(1);

    const moved = await second.client.post('/v1/push-subscriptions', { ...subscription, label: 'Shared tablet' });
    expect(moved.status).toBe(201);
    expect((await first.client.get('/v1/push-subscriptions')).body.data).toEqual([]);
    expect((await second.client.get('/v1/push-subscriptions')).body.data).toEqual([moved.body]);
  });

  it('an endpoint on a host that is not a known push service answers 400 push_service_not_allowed', async () => {
    const { client } = await onboardedOwner(app);
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:5432/',
      'https://fcm.googleapis.com.attacker.example/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ]) {
      const response = await client.post('/v1/push-subscriptions', browserSubscription(endpoint));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'push_service_not_allowed',
        details: { fields: { endpoint: ['This push service is not supported.'] } },
      });
    }
    expect((await client.get('/v1/push-subscriptions')).body.data).toEqual([]);
  });

  it('bad subscriptions answer 400 with the field that is wrong', async () => {
    const { client } = await onboardedOwner(app);
    const valid = browserSubscription();
    const cases: Array<[unknown, string]> = [
      [{ ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 'endpoint'],
      [{ ...valid, endpoint: `https://fcm.googleapis.com/${'a'.repeat(1100)}` }, 'endpoint'],
      [{ ...valid, keys: { ...valid.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...valid, keys: { p256dh: valid.keys.p256dh } }, 'keys.auth'],
      [{ ...valid, label: 'x'.repeat(81) }, 'label'],
      [{ keys: valid.keys }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const response = await client.post('/v1/push-subscriptions', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(Object.keys(response.body.error.details.fields)).toContain(field);
    }
  });

  it('a user without an entity answers 409 entity_required; an entity without a plan, 409 no_plan', async () => {
    const { client } = await signedInOwner(app);
    const withoutEntity = await client.post('/v1/push-subscriptions', browserSubscription());
    expect(withoutEntity.status).toBe(409);
    expect(withoutEntity.body.error.code).toBe('entity_required');
    expect((await client.get('/v1/push-subscriptions')).status).toBe(409);

    expect((await client.post('/v1/entities', { name: 'Planless' })).status).toBe(201);
    const withoutPlan = await client.post('/v1/push-subscriptions', browserSubscription());
    expect(withoutPlan.status).toBe(409);
    expect(withoutPlan.body.error.code).toBe('no_plan');
  });

  it('deleting answers 204 and the device is gone; another user’s device id answers 404 and stays', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const mine = (await owner.client.post('/v1/push-subscriptions', browserSubscription())).body;
    const theirs = (await other.client.post('/v1/push-subscriptions', browserSubscription())).body;

    for (const id of [theirs.id, randomUUID(), 'not-a-uuid']) {
      expect((await owner.client.delete(`/v1/push-subscriptions/${id}`)).status).toBe(404);
      expect((await owner.client.post(`/v1/push-subscriptions/${id}/test`)).status).toBe(404);
    }
    expect((await other.client.get('/v1/push-subscriptions')).body.data).toEqual([theirs]);

    expect((await owner.client.delete(`/v1/push-subscriptions/${mine.id}`)).status).toBe(204);
    expect((await owner.client.get('/v1/push-subscriptions')).body.data).toEqual([]);
    expect((await owner.client.delete(`/v1/push-subscriptions/${mine.id}`)).status).toBe(404);
  });

  it('every device route needs a session', async () => {
    const anonymous = createHttpClient(app);
    const id = randomUUID();
    for (const [method, path] of [
      ['get', '/v1/push-subscriptions'],
      ['post', '/v1/push-subscriptions'],
      ['delete', `/v1/push-subscriptions/${id}`],
      ['post', `/v1/push-subscriptions/${id}/test`],
      ['get', '/v1/me/delivery-preferences'],
      ['put', '/v1/me/delivery-preferences'],
    ] as const) {
      expect((await anonymous[method](path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('delivery preferences', () => {
  it('email copies are on by default until a device confirms a push, then stay as the user chooses', async () => {
    const { client } = await onboardedOwner(app);
    expect((await client.get('/v1/me/delivery-preferences')).body).toEqual({
      emailNotifications: true,
      isDefault: true,
      quietHours: null,
      sms: 'off',
      voice: 'off',
    });
    const updated = await client.put('/v1/me/delivery-preferences', { emailNotifications: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      emailNotifications: false,
      isDefault: false,
      quietHours: null,
      sms: 'off',
      voice: 'off',
    });
    expect((await client.get('/v1/me/delivery-preferences')).body).toEqual({
      emailNotifications: false,
      isDefault: false,
      quietHours: null,
      sms: 'off',
      voice: 'off',
    });
    expect((await client.put('/v1/me/delivery-preferences', { emailNotifications: true })).body).toEqual({
      emailNotifications: true,
      isDefault: false,
      quietHours: null,
      sms: 'off',
      voice: 'off',
    });
  });

  it('saving quiet hours alone keeps the email default, and an email choice keeps the quiet hours', async () => {
    const { client } = await onboardedOwner(app);
    const quietHours = { start: '22:00', end: '07:00' };
    expect((await client.put('/v1/me/delivery-preferences', { quietHours })).body).toEqual({
      emailNotifications: true,
      isDefault: true,
      quietHours,
      sms: 'off',
      voice: 'off',
    });
    expect((await client.put('/v1/me/delivery-preferences', { emailNotifications: false })).body).toEqual({
      emailNotifications: false,
      isDefault: false,
      quietHours,
      sms: 'off',
      voice: 'off',
    });
    expect((await client.put('/v1/me/delivery-preferences', { quietHours: null })).body).toEqual({
      emailNotifications: false,
      isDefault: false,
      quietHours: null,
      sms: 'off',
      voice: 'off',
    });
  });

  it('a body that is not a yes/no answers 400 with the field', async () => {
    const { client } = await onboardedOwner(app);
    for (const body of [{}, { emailNotifications: 'yes' }, { emailNotifications: null }]) {
      const response = await client.put('/v1/me/delivery-preferences', body);
      expect(response.status).toBe(400);
      expect(response.body.error.details.fields).toHaveProperty('emailNotifications');
    }
  });
});
