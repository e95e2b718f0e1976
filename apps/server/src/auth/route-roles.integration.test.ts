import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { createFlow, inviteByEmail, joinedTeammate, notify, onboardedOwner, uniqueEmail } from '../../test/owners.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// Every API route, decided once (decision 023): what an admin and a member of entity A, an admin
// of entity B (calling with A's ids) and someone without a session get. A route added without a
// line here fails the first test, so nobody ships a route without deciding who may call it.

type Role = 'admin' | 'member' | 'otherAdmin' | 'anonymous';
type Expected = Record<Role, number>;
/** Ids of entity A's things, fresh for each route, so a destructive call never spoils the next. */
type Fixture = Record<string, string>;
type Call = { path: string; body?: unknown };

type Decision =
  | {
      kind: 'checked';
      expected: Expected;
      call: (fixture: Fixture, role: Role) => Call;
      setup?: () => Promise<Fixture>;
    }
  // Authenticated by an API key or a webhook token, or identity itself: covered by their own suites.
  | { kind: 'not a session route'; why: string };

let app: TestApp;
let admin: Awaited<ReturnType<typeof onboardedOwner>>;
let member: { client: HttpClient; email: string; userId: string };
let otherAdmin: Awaited<ReturnType<typeof onboardedOwner>>;
let anonymous: HttpClient;
let inviteToken: string;
let inviteTokenId = '';

const ALL = (status: number, anonymousStatus = 401): Expected => ({
  admin: status,
  member: status,
  otherAdmin: status,
  anonymous: anonymousStatus,
});
const ADMIN_ONLY = (status: number, otherAdminStatus = 404): Expected => ({
  admin: status,
  member: 403,
  otherAdmin: otherAdminStatus,
  anonymous: 401,
});
const ENTITY_READ = (status = 200): Expected => ({ admin: status, member: status, otherAdmin: 404, anonymous: 401 });

let deviceCount = 0;
function subscription() {
  deviceCount += 1;
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/route-roles-${deviceCount}-${Date.now()}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  };
}

/** Elite sells 5 seats: earlier fixtures' open invitations give theirs back first. */
async function freeSeats() {
  await app.pool.query(
    'update entity_invitations set revoked_at = now() where accepted_at is null and revoked_at is null and id <> $1',
    [inviteTokenId || '00000000-0000-4000-8000-000000000000'],
  );
}

async function invite(client: HttpClient) {
  await freeSeats();
  return inviteByEmail(app, { client });
}

/** Someone who signed up from an invitation of A's admin: a member of A. */
async function joinA() {
  await freeSeats();
  return joinedTeammate(app, admin);
}

async function flowWithNotification(): Promise<Fixture> {
  const flowId = await createFlow(admin.client);
  const accepted = await notify(app, admin.apiKey, { flowId, data: { name: 'Ann' } });
  return { flowId, notificationId: accepted.id };
}

/** A lead that left an address and a phone number, to reply to and call. */
async function leadWithContact(): Promise<Fixture> {
  const flowId = await createFlow(admin.client);
  const accepted = await notify(app, admin.apiKey, {
    flowId,
    data: { name: 'Ann', email: 'ann@example.com', phone: '+44 7911 123456' },
  });
  return { flowId, notificationId: accepted.id };
}

async function cannedReply(): Promise<Fixture> {
  const created = await admin.client.post('/v1/canned-replies', { title: 'Sweep', body: 'Hello {{name}}' });
  return { cannedReplyId: created.body.id as string };
}

/** An endpoint on a loopback port nobody listens on: its test call is refused at once, locally. */
async function webhookEndpoint(): Promise<Fixture> {
  const created = await admin.client.post('/v1/webhook-endpoints', {
    url: 'http://127.0.0.1:9/leadbell',
    events: ['lead.created'],
  });
  return { endpointId: created.body.id as string };
}

async function webhookDelivery(): Promise<Fixture> {
  const { endpointId } = await webhookEndpoint();
  const tested = await admin.client.post(`/v1/webhook-endpoints/${endpointId}/test`, {});
  return { endpointId: endpointId!, deliveryId: tested.body.id as string };
}

async function freshKey(): Promise<Fixture> {
  const created = await admin.client.post('/v1/api-keys', { label: 'Sweep' });
  return { keyId: created.body.id as string };
}

const ROUTES: Record<string, Decision> = {
  'GET /v1/openapi.json': { kind: 'checked', expected: ALL(200, 200), call: () => ({ path: '/v1/openapi.json' }) },
  'GET /v1/me': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/me' }) },
  'POST /v1/entities': {
    kind: 'checked',
    // Everyone here already has a business; a member may not create one.
    expected: { admin: 409, member: 403, otherAdmin: 409, anonymous: 401 },
    call: () => ({ path: '/v1/entities', body: { name: 'Second business' } }),
  },
  'GET /v1/entities/:id': {
    kind: 'checked',
    expected: ENTITY_READ(),
    call: () => ({ path: `/v1/entities/${admin.entityId}` }),
  },
  'PATCH /v1/entities/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    call: () => ({ path: `/v1/entities/${admin.entityId}`, body: { defaultCountry: 'GB' } }),
  },
  'PUT /v1/entities/:id/plan': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    call: () => ({ path: `/v1/entities/${admin.entityId}/plan`, body: { plan: 'elite' } }),
  },
  // The business's caller ID (decision 082); this server has no Twilio, so verifying answers voice_disabled.
  'GET /v1/entities/:id/caller-id': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    call: () => ({ path: `/v1/entities/${admin.entityId}/caller-id` }),
  },
  'POST /v1/entities/:id/caller-id': {
    kind: 'checked',
    expected: ADMIN_ONLY(409),
    call: () => ({ path: `/v1/entities/${admin.entityId}/caller-id`, body: { phone: '+442079460123' } }),
  },
  'DELETE /v1/entities/:id/caller-id': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    call: () => ({ path: `/v1/entities/${admin.entityId}/caller-id` }),
  },
  'GET /v1/usage': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/usage' }) },
  // Billing is off in this app (no STRIPE_SECRET_KEY): admins reach the routes and get billing_disabled.
  'GET /v1/billing/mode': { kind: 'checked', expected: ALL(200, 200), call: () => ({ path: '/v1/billing/mode' }) },
  'GET /v1/billing': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/billing' }) },
  'POST /v1/billing/checkout-sessions': {
    kind: 'checked',
    expected: ADMIN_ONLY(409, 409),
    call: () => ({ path: '/v1/billing/checkout-sessions', body: { plan: 'growth' } }),
  },
  'POST /v1/billing/portal-sessions': {
    kind: 'checked',
    expected: ADMIN_ONLY(409, 409),
    call: () => ({ path: '/v1/billing/portal-sessions' }),
  },
  'GET /v1/billing/invoices': {
    kind: 'checked',
    expected: ADMIN_ONLY(409, 409),
    call: () => ({ path: '/v1/billing/invoices' }),
  },
  'POST /v1/billing/stripe-webhook': {
    kind: 'not a session route',
    why: 'Stripe signs it (STRIPE_WEBHOOK_SECRET): features/billing/billing.integration.test.ts',
  },
  'GET /v1/setup': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/setup' }) },
  'GET /v1/flows': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/flows' }) },
  'POST /v1/flows': {
    kind: 'checked',
    expected: ADMIN_ONLY(201, 201),
    call: () => ({
      path: '/v1/flows',
      body: { name: 'Sweep flow', title: 'New {{name}}', message: 'Message {{x}} here' },
    }),
  },
  'GET /v1/flows/:id': {
    kind: 'checked',
    expected: ENTITY_READ(),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/flows/${f.flowId}` }),
  },
  'PUT /v1/flows/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: flowWithNotification,
    call: (f) => ({
      path: `/v1/flows/${f.flowId}`,
      body: { name: 'Renamed flow', title: 'New {{name}}', message: 'Message {{x}} here' },
    }),
  },
  'PUT /v1/flows/:id/turnstile': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: flowWithNotification,
    call: (f) => ({
      path: `/v1/flows/${f.flowId}/turnstile`,
      body: { siteKey: '1x00000000000000000000AA', secret: '1x0000000000000000000000000000000AA' },
    }),
  },
  'PUT /v1/flows/:id/acknowledgement': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: flowWithNotification,
    call: (f) => ({
      path: `/v1/flows/${f.flowId}/acknowledgement`,
      body: {
        acknowledgementEnabled: true,
        acknowledgementSubject: 'Thanks {{name}}',
        acknowledgementBody: 'Hello {{name}}, we will call you back.',
      },
    }),
  },
  'DELETE /v1/flows/:id/turnstile': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/flows/${f.flowId}/turnstile` }),
  },
  'DELETE /v1/flows/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/flows/${f.flowId}` }),
  },
  'GET /v1/flows/:id/fields': {
    kind: 'checked',
    expected: ENTITY_READ(),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/flows/${f.flowId}/fields` }),
  },
  'GET /v1/flows/:id/notifications': {
    kind: 'checked',
    expected: ENTITY_READ(),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/flows/${f.flowId}/notifications` }),
  },
  'GET /v1/flows/:id/hook': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/flows/${f.flowId}/hook` }),
  },
  'POST /v1/flows/:id/hook': {
    kind: 'checked',
    expected: ADMIN_ONLY(201),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/flows/${f.flowId}/hook`, body: {} }),
  },
  'DELETE /v1/flows/:id/hook': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    setup: async () => {
      const fixture = await flowWithNotification();
      await admin.client.post(`/v1/flows/${fixture.flowId}/hook`);
      return fixture;
    },
    call: (f) => ({ path: `/v1/flows/${f.flowId}/hook` }),
  },
  'GET /v1/notifications/:id/deliveries': {
    kind: 'checked',
    expected: ENTITY_READ(),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/notifications/${f.notificationId}/deliveries` }),
  },
  'GET /v1/api-keys': { kind: 'checked', expected: ADMIN_ONLY(200, 200), call: () => ({ path: '/v1/api-keys' }) },
  'POST /v1/api-keys': {
    kind: 'checked',
    expected: ADMIN_ONLY(201, 201),
    call: () => ({ path: '/v1/api-keys', body: { label: 'Made in the sweep' } }),
  },
  'PATCH /v1/api-keys/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: freshKey,
    call: (f) => ({ path: `/v1/api-keys/${f.keyId}`, body: { allowedOrigins: ['https://www.example.com'] } }),
  },
  'GET /v1/api-keys/:id/secret': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: freshKey,
    call: (f) => ({ path: `/v1/api-keys/${f.keyId}/secret` }),
  },
  'DELETE /v1/api-keys/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    setup: freshKey,
    call: (f) => ({ path: `/v1/api-keys/${f.keyId}` }),
  },
  'GET /v1/push/vapid-public-key': {
    kind: 'checked',
    expected: ALL(200),
    call: () => ({ path: '/v1/push/vapid-public-key' }),
  },
  'GET /v1/push-subscriptions': {
    kind: 'checked',
    expected: ALL(200),
    call: () => ({ path: '/v1/push-subscriptions' }),
  },
  'POST /v1/push-subscriptions': {
    kind: 'checked',
    // Each caller registers a device of their own.
    expected: ALL(201),
    call: () => ({ path: '/v1/push-subscriptions', body: subscription() }),
  },
  'DELETE /v1/push-subscriptions/:id': {
    kind: 'checked',
    // A device is its user's own: even A's other people get 404.
    expected: { admin: 204, member: 404, otherAdmin: 404, anonymous: 401 },
    setup: async () => ({ deviceId: (await admin.client.post('/v1/push-subscriptions', subscription())).body.id }),
    call: (f) => ({ path: `/v1/push-subscriptions/${f.deviceId}` }),
  },
  'POST /v1/push-subscriptions/:id/test': {
    kind: 'checked',
    expected: { admin: 202, member: 404, otherAdmin: 404, anonymous: 401 },
    setup: async () => ({ deviceId: (await admin.client.post('/v1/push-subscriptions', subscription())).body.id }),
    call: (f) => ({ path: `/v1/push-subscriptions/${f.deviceId}/test`, body: {} }),
  },
  'POST /v1/push/receipts': {
    kind: 'checked',
    expected: { admin: 204, member: 404, otherAdmin: 404, anonymous: 401 },
    setup: async () => ({ deviceId: (await admin.client.post('/v1/push-subscriptions', subscription())).body.id }),
    call: (f) => ({ path: '/v1/push/receipts', body: { deviceId: f.deviceId } }),
  },
  'GET /v1/me/delivery-preferences': {
    kind: 'checked',
    expected: ALL(200),
    call: () => ({ path: '/v1/me/delivery-preferences' }),
  },
  'PUT /v1/me/delivery-preferences': {
    kind: 'checked',
    expected: ALL(200),
    call: () => ({ path: '/v1/me/delivery-preferences', body: { emailNotifications: true } }),
  },
  // Each person's own availability (issue 50): away and back, no ids.
  'GET /v1/me/availability': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/me/availability' }) },
  'PUT /v1/me/availability': {
    kind: 'checked',
    expected: ALL(200),
    call: () => ({ path: '/v1/me/availability', body: { away: false } }),
  },
  // Each person's own inbox: each role's first test email of the minute goes.
  'POST /v1/me/email/test': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/me/email/test' }) },
  // Each member's own number; this server has no Twilio, so adding one answers sms_disabled.
  'GET /v1/me/phone': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/me/phone' }) },
  'POST /v1/me/phone': {
    kind: 'checked',
    expected: ALL(409),
    call: () => ({ path: '/v1/me/phone', body: { phone: '+447911223456' } }),
  },
  'POST /v1/me/phone/verify': {
    kind: 'checked',
    expected: ALL(409),
    call: () => ({ path: '/v1/me/phone/verify', body: { code: '123456' } }),
  },
  'POST /v1/me/phone/test': {
    kind: 'checked',
    expected: ALL(409),
    call: () => ({ path: '/v1/me/phone/test', body: {} }),
  },
  'DELETE /v1/me/phone': { kind: 'checked', expected: ALL(204), call: () => ({ path: '/v1/me/phone' }) },
  'POST /v1/twilio/messages/:messageId/status': {
    kind: 'not a session route',
    why: 'Twilio signs it (X-Twilio-Signature with TWILIO_AUTH_TOKEN): features/sms/sms.integration.test.ts',
  },
  'POST /v1/twilio/status': {
    kind: 'not a session route',
    why: 'Twilio signs it (X-Twilio-Signature with TWILIO_AUTH_TOKEN): features/sms/sms.integration.test.ts',
  },
  'POST /v1/twilio/calls/:callId/twiml': {
    kind: 'not a session route',
    why: 'Twilio signs it during a lead call (X-Twilio-Signature over PUBLIC_URL): features/voice/voice.integration.test.ts',
  },
  'POST /v1/twilio/calls/:callId/gather': {
    kind: 'not a session route',
    why: 'Twilio signs it during a lead call (X-Twilio-Signature over PUBLIC_URL): features/voice/voice.integration.test.ts',
  },
  'POST /v1/twilio/caller-ids/:verificationId/status': {
    kind: 'not a session route',
    why: 'Twilio signs it when its caller ID verification call ends (X-Twilio-Signature over PUBLIC_URL): features/voice/caller-id.integration.test.ts',
  },
  'POST /v1/twilio/calls/:callId/status': {
    kind: 'not a session route',
    why: 'Twilio signs it during a lead call (X-Twilio-Signature over PUBLIC_URL): features/voice/voice.integration.test.ts',
  },
  // Each member's own Telegram, no ids; this server has no TELEGRAM_BOT_TOKEN, so linking answers 409
  // telegram_disabled and nobody here is linked (features/telegram/telegram.integration.test.ts).
  'GET /v1/me/telegram': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/me/telegram' }) },
  'POST /v1/me/telegram': { kind: 'checked', expected: ALL(409), call: () => ({ path: '/v1/me/telegram', body: {} }) },
  'PATCH /v1/me/telegram': {
    kind: 'checked',
    expected: ALL(404),
    call: () => ({ path: '/v1/me/telegram', body: { notifications: false } }),
  },
  'DELETE /v1/me/telegram': { kind: 'checked', expected: ALL(404), call: () => ({ path: '/v1/me/telegram' }) },
  'POST /v1/me/telegram/test': {
    kind: 'checked',
    expected: ALL(409),
    call: () => ({ path: '/v1/me/telegram/test', body: {} }),
  },
  'POST /v1/telegram/webhook': {
    kind: 'not a session route',
    why: 'Telegram sends X-Telegram-Bot-Api-Secret-Token: features/telegram/telegram.integration.test.ts',
  },
  'GET /v1/events': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/events' }) },
  'GET /v1/leads': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/leads?filter=open' }) },
  'GET /v1/leads/export.csv': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/leads/export.csv' }) },
  'GET /v1/leads/:id': {
    kind: 'checked',
    expected: ENTITY_READ(),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}` }),
  },
  'GET /v1/leads/:id/events': {
    kind: 'checked',
    expected: ENTITY_READ(),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/events` }),
  },
  'POST /v1/leads/:id/claim': {
    kind: 'checked',
    // The member claims first; the admin then finds it taken.
    expected: { admin: 409, member: 200, otherAdmin: 404, anonymous: 401 },
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/claim`, body: {} }),
  },
  'POST /v1/leads/:id/release': {
    kind: 'checked',
    expected: ENTITY_READ(200),
    setup: async () => {
      const fixture = await flowWithNotification();
      await member.client.post(`/v1/leads/${fixture.notificationId}/claim`);
      return fixture;
    },
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/release`, body: {} }),
  },
  'POST /v1/leads/:id/done': {
    kind: 'checked',
    expected: ENTITY_READ(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/done`, body: {} }),
  },
  'GET /v1/leads/counts': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/leads/counts' }) },
  // Decision 039: every member has a word on spam, as on claims.
  'POST /v1/leads/:id/spam': {
    kind: 'checked',
    expected: ENTITY_READ(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/spam`, body: {} }),
  },
  'POST /v1/leads/:id/not-spam': {
    kind: 'checked',
    expected: ENTITY_READ(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/not-spam`, body: {} }),
  },
  'POST /v1/leads/:id/ring': {
    kind: 'checked',
    expected: ENTITY_READ(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/ring`, body: {} }),
  },
  'POST /v1/leads/:id/seen': {
    kind: 'checked',
    expected: ENTITY_READ(204),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/seen`, body: {} }),
  },
  // Issue 25: deleting a lead (and undoing it) is an admin's call.
  'POST /v1/leads/:id/delete': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/delete`, body: {} }),
  },
  'POST /v1/leads/:id/restore': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: async () => {
      const fixture = await flowWithNotification();
      expect((await admin.client.post(`/v1/leads/${fixture.notificationId}/delete`)).status).toBe(200);
      return fixture;
    },
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/restore`, body: {} }),
  },
  // Issue 26: every member notes any lead and says what became of it, as on claims.
  'POST /v1/leads/:id/notes': {
    kind: 'checked',
    expected: ENTITY_READ(201),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/notes`, body: { text: 'Call back Monday' } }),
  },
  'PUT /v1/leads/:id/outcome': {
    kind: 'checked',
    expected: ENTITY_READ(200),
    setup: flowWithNotification,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/outcome`, body: { outcome: 'won', value: 1200 } }),
  },
  'DELETE /v1/leads/:id/outcome': {
    kind: 'checked',
    expected: ENTITY_READ(204),
    setup: async () => {
      const fixture = await flowWithNotification();
      await admin.client.put(`/v1/leads/${fixture.notificationId}/outcome`, { outcome: 'no_answer' });
      return fixture;
    },
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/outcome` }),
  },
  // Issue 26: every member answers any lead (as they claim any); canned replies are an admin's.
  'POST /v1/leads/:id/replies': {
    kind: 'checked',
    expected: ENTITY_READ(201),
    setup: leadWithContact,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/replies`, body: { body: 'Thanks, we call you today.' } }),
  },
  'POST /v1/leads/:id/attempts': {
    kind: 'checked',
    expected: ENTITY_READ(201),
    setup: leadWithContact,
    call: (f) => ({ path: `/v1/leads/${f.notificationId}/attempts`, body: { channel: 'call' } }),
  },
  'GET /v1/canned-replies': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/canned-replies' }) },
  'POST /v1/canned-replies': {
    kind: 'checked',
    expected: ADMIN_ONLY(201, 201),
    call: () => ({ path: '/v1/canned-replies', body: { title: 'Swept', body: 'Hi {{name}}' } }),
  },
  'PATCH /v1/canned-replies/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: cannedReply,
    call: (f) => ({ path: `/v1/canned-replies/${f.cannedReplyId}`, body: { title: 'Renamed' } }),
  },
  'DELETE /v1/canned-replies/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    setup: cannedReply,
    call: (f) => ({ path: `/v1/canned-replies/${f.cannedReplyId}` }),
  },
  'GET /v1/insights': { kind: 'checked', expected: ALL(200), call: () => ({ path: '/v1/insights?days=7' }) },
  'GET /v1/webhook-endpoints': {
    kind: 'checked',
    expected: ADMIN_ONLY(200, 200),
    call: () => ({ path: '/v1/webhook-endpoints' }),
  },
  'POST /v1/webhook-endpoints': {
    kind: 'checked',
    expected: ADMIN_ONLY(201, 201),
    call: () => ({ path: '/v1/webhook-endpoints', body: { url: 'http://127.0.0.1:9/swept', events: ['lead.done'] } }),
  },
  'PATCH /v1/webhook-endpoints/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: webhookEndpoint,
    call: (f) => ({ path: `/v1/webhook-endpoints/${f.endpointId}`, body: { description: 'Swept' } }),
  },
  'DELETE /v1/webhook-endpoints/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    setup: webhookEndpoint,
    call: (f) => ({ path: `/v1/webhook-endpoints/${f.endpointId}` }),
  },
  'POST /v1/webhook-endpoints/:id/rotate-secret': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: webhookEndpoint,
    call: (f) => ({ path: `/v1/webhook-endpoints/${f.endpointId}/rotate-secret`, body: {} }),
  },
  'POST /v1/webhook-endpoints/:id/test': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: webhookEndpoint,
    call: (f) => ({ path: `/v1/webhook-endpoints/${f.endpointId}/test`, body: {} }),
  },
  'GET /v1/webhook-endpoints/:id/deliveries': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: webhookEndpoint,
    call: (f) => ({ path: `/v1/webhook-endpoints/${f.endpointId}/deliveries` }),
  },
  'POST /v1/webhook-endpoints/:id/deliveries/:deliveryId/resend': {
    kind: 'checked',
    expected: ADMIN_ONLY(202),
    setup: webhookDelivery,
    call: (f) => ({ path: `/v1/webhook-endpoints/${f.endpointId}/deliveries/${f.deliveryId}/resend`, body: {} }),
  },
  // The business's one Slack connection, no id: another admin reads and changes its own. The PUT
  // connects both admins (to a loopback port nobody listens on), so each has one to test and delete.
  'GET /v1/integrations/slack': {
    kind: 'checked',
    expected: ADMIN_ONLY(200, 200),
    call: () => ({ path: '/v1/integrations/slack' }),
  },
  'PUT /v1/integrations/slack': {
    kind: 'checked',
    expected: ADMIN_ONLY(200, 200),
    call: () => ({ path: '/v1/integrations/slack', body: { url: 'http://127.0.0.1:9/services/T0/B0/swept' } }),
  },
  'POST /v1/integrations/slack/test': {
    kind: 'checked',
    expected: ADMIN_ONLY(200, 200),
    call: () => ({ path: '/v1/integrations/slack/test', body: {} }),
  },
  'DELETE /v1/integrations/slack': {
    kind: 'checked',
    expected: ADMIN_ONLY(204, 204),
    call: () => ({ path: '/v1/integrations/slack' }),
  },
  'GET /v1/team': { kind: 'checked', expected: ADMIN_ONLY(200, 200), call: () => ({ path: '/v1/team' }) },
  'POST /v1/team/invitations': {
    kind: 'checked',
    expected: ADMIN_ONLY(201, 201),
    call: () => ({ path: '/v1/team/invitations', body: { email: uniqueEmail('swept'), role: 'user' } }),
  },
  'POST /v1/team/invitations/:id/resend': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: async () => {
      const { id } = await invite(admin.client);
      // A link may be resent once a minute: this one was sent "two minutes ago".
      await app.pool.query("update entity_invitations set sent_at = now() - interval '2 minutes' where id = $1", [id]);
      return { invitationId: id };
    },
    call: (f) => ({ path: `/v1/team/invitations/${f.invitationId}/resend`, body: {} }),
  },
  'DELETE /v1/team/invitations/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    setup: async () => ({ invitationId: (await invite(admin.client)).id }),
    call: (f) => ({ path: `/v1/team/invitations/${f.invitationId}` }),
  },
  'PATCH /v1/team/members/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(200),
    setup: async () => ({ userId: (await joinA()).userId }),
    // Stays a member: promoting them would give A a second admin, and A's admin could then leave.
    call: (f) => ({ path: `/v1/team/members/${f.userId}`, body: { role: 'user' } }),
  },
  'DELETE /v1/team/members/:id': {
    kind: 'checked',
    expected: ADMIN_ONLY(204),
    setup: async () => ({ userId: (await joinA()).userId }),
    call: (f) => ({ path: `/v1/team/members/${f.userId}` }),
  },
  'GET /v1/invitations/:token': {
    kind: 'checked',
    // The token is the capability: anyone holding it may read the invitation.
    expected: ALL(200, 200),
    call: () => ({ path: `/v1/invitations/${inviteToken}` }),
  },
  'POST /v1/invitations/:token/accept': {
    kind: 'checked',
    // Nobody here is the invited address.
    expected: { admin: 403, member: 403, otherAdmin: 403, anonymous: 401 },
    call: () => ({ path: `/v1/invitations/${inviteToken}/accept`, body: {} }),
  },
  'POST /v1/invitations/:token/sign-up': {
    kind: 'not a session route',
    why: 'identity itself: the link’s token creates and signs in the invited account (team suite)',
  },
  // Last, as the member leaves: both admins are their business's only admin.
  'POST /v1/team/leave': {
    kind: 'checked',
    expected: { admin: 409, member: 204, otherAdmin: 409, anonymous: 401 },
    call: () => ({ path: '/v1/team/leave', body: {} }),
  },
  'POST /v1/notify': { kind: 'not a session route', why: 'API key (notifications suites)' },
  'GET /v1/fill-token': { kind: 'not a session route', why: 'a form page’s token, open to any site (spam suites)' },
  'OPTIONS /v1/notify': { kind: 'not a session route', why: 'CORS preflight' },
  'POST /v1/hooks/:token': { kind: 'not a session route', why: 'webhook token (hooks suite)' },
};

function clientOf(role: Role): HttpClient {
  return { admin: admin.client, member: member.client, otherAdmin: otherAdmin.client, anonymous }[role];
}

async function statusOf(client: HttpClient, method: string, call: Call): Promise<number> {
  if (call.path === '/v1/events' || call.path.includes('.csv')) {
    // A live stream never ends, and a file is not JSON: their status is all there is to read.
    const controller = new AbortController();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${app.baseUrl}${call.path}`, { headers: { cookie }, signal: controller.signal });
    controller.abort();
    return response.status;
  }
  const response =
    method === 'GET' || method === 'DELETE'
      ? await client[method === 'GET' ? 'get' : 'delete'](call.path)
      : await client[method.toLowerCase() as 'post' | 'put' | 'patch'](call.path, call.body ?? {});
  return response.status;
}

beforeAll(async () => {
  app = await startTestApp({
    NOTIFY_RATE_LIMIT: '1000',
    NOTIFY_RATE_BURST: '1000',
    // Webhook endpoints on loopback only: no test sends traffic anywhere else.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  admin = await onboardedOwner(app, { plan: 'elite' });
  otherAdmin = await onboardedOwner(app, { plan: 'elite', entityName: 'Other Business' });
  anonymous = createHttpClient(app);
  member = await joinA();
  ({ token: inviteToken, id: inviteTokenId } = await invite(admin.client));
});
afterAll(async () => app?.close());

describe('routes × roles', () => {
  it('every API route has a decision in this table', () => {
    const registered = app.routes
      .filter((route) => route.url.startsWith('/v1/') && !route.url.startsWith('/v1/auth/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('each role gets the expected status from each route', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    for (const [route, decision] of Object.entries(ROUTES)) {
      if (decision.kind !== 'checked') continue;
      const [method] = route.split(' ');
      const fixture = (await decision.setup?.()) ?? {};
      // The admin goes last, so what it changes or deletes was there for the others to try.
      for (const role of ['anonymous', 'otherAdmin', 'member', 'admin'] as const) {
        const status = await statusOf(clientOf(role), method!, decision.call(fixture, role));
        if (status !== decision.expected[role])
          mismatches.push(`${route} as ${role}: ${status}, expected ${decision.expected[role]}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
