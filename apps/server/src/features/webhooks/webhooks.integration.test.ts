import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookEventSchema, type WebhookEvent } from '@leadbell/shared/webhooks';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { advanceTime, createTestClock, type TestClock } from '../../../test/test-clock.ts';
import type { HostResolver } from './webhook-address.ts';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from './deliver-webhook.ts';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from '../../../test/http-receiver.ts';
import { until } from '../../../test/until.ts';

function verified(secret: string, entry: ReceivedRequest): WebhookEvent {
  const payload = new Webhook(secret).verify(entry.body, entry.headers);
  return WebhookEventSchema.parse(payload);
}

/** Test names only: a fixed address per name, never a real DNS query. */
function resolverOf(table: Record<string, string[]>): HostResolver {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

let app: TestApp;
let clock: TestClock;
let receiver: HttpReceiver;
let owner: Awaited<ReturnType<typeof onboardedOwner>>;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  clock = createTestClock(new Date());
  app = await startTestApp(
    { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' },
    undefined,
    { clock, webhookResolver: resolverOf({ 'hooks.test': ['127.0.0.1'] }) },
  );
  owner = await onboardedOwner(app, { plan: 'pro' });
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

async function addEndpoint(body: Record<string, unknown>) {
  const response = await owner.client.post('/v1/webhook-endpoints', body);
  expect(response.status).toBe(201);
  return response.body as { id: string; secret: string };
}

async function deliveriesOf(endpointId: string) {
  const response = await owner.client.get(`/v1/webhook-endpoints/${endpointId}/deliveries`);
  expect(response.status).toBe(200);
  return response.body.data as Array<Record<string, any>>;
}

describe('webhooks › lead events', () => {
  it('a new lead reaches the endpoint as lead.created, signed per Standard Webhooks', async () => {
    const flowId = await createFlow(owner.client, { name: 'Quote form' });
    const { id, secret } = await addEndpoint({
      url: receiver.url('/created'),
      events: ['lead.created', 'lead.claimed', 'lead.done'],
      description: 'CRM',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    // Registering never contacts the endpoint.
    expect(receiver.at('/created')).toHaveLength(0);

    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Ann', question: 'A quote?' } });
    const [entry] = await until(
      () => receiver.at('/created'),
      (list) => list.length === 1,
    );
    const event = verified(secret, entry!);
    expect(event.type).toBe('lead.created');
    if (event.type !== 'lead.created') return;
    expect(event.data.version).toBe(1);
    expect(event.data.lead).toMatchObject({
      id: lead.id,
      flow: { id: flowId, name: 'Quote form' },
      status: 'open',
      title: 'New lead: Ann',
      data: { name: 'Ann', question: 'A quote?' },
      url: `${app.baseUrl}/leads/${lead.id}`,
      test: false,
    });
    expect(entry!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(entry!.headers['content-type']).toBe('application/json');

    // The secret is shown once: the list never carries it.
    const list = await owner.client.get('/v1/webhook-endpoints');
    expect(list.body.data.find((endpoint: { id: string }) => endpoint.id === id)).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const [delivery] = await until(
      () => deliveriesOf(id),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ eventType: 'lead.created', leadId: lead.id, attempts: 1, lastStatusCode: 200 });
    expect(delivery!.responseExcerpt).toBe('ok');
    expect(delivery!.messageId).toBe(entry!.headers['webhook-id']);
  });

  it('claiming and completing the lead send lead.claimed and lead.done', async () => {
    const flowId = await createFlow(owner.client);
    const { secret } = await addEndpoint({ url: receiver.url('/states'), events: ['lead.claimed', 'lead.done'] });
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Bo' } });
    expect((await owner.client.post(`/v1/leads/${lead.id}/claim`, {})).status).toBe(200);
    expect((await owner.client.post(`/v1/leads/${lead.id}/done`, {})).status).toBe(200);
    const entries = await until(
      () => receiver.at('/states'),
      (list) => list.length === 2,
    );
    const events = entries.map((entry) => verified(secret, entry));
    expect(events.map((event) => event.type).sort()).toEqual(['lead.claimed', 'lead.done']);
    const claimed = events.find((event) => event.type === 'lead.claimed')!;
    const done = events.find((event) => event.type === 'lead.done')!;
    if (claimed.type !== 'lead.claimed' || done.type !== 'lead.done') return;
    // Each carries the lead as of its event.
    expect(claimed.data.lead).toMatchObject({ id: lead.id, status: 'claimed', claimedBy: { name: 'Ann Owner' } });
    expect(done.data.lead).toMatchObject({ id: lead.id, status: 'done', doneBy: { name: 'Ann Owner' } });
    // Not subscribed to lead.created: only the two.
    await sleep(300);
    expect(receiver.at('/states')).toHaveLength(2);
  });

  it('marking spam and setting an outcome send lead.spam and lead.outcome', async () => {
    const flowId = await createFlow(owner.client);
    const { secret } = await addEndpoint({ url: receiver.url('/later'), events: ['lead.outcome', 'lead.spam'] });
    const won = await notify(app, owner.apiKey, { flowId, data: { name: 'Cy' } });
    const junk = await notify(app, owner.apiKey, { flowId, data: { name: 'Dee' } });
    expect((await owner.client.put(`/v1/leads/${won.id}/outcome`, { outcome: 'won', value: 1200 })).status).toBe(200);
    expect((await owner.client.post(`/v1/leads/${junk.id}/spam`, {})).status).toBe(200);
    const entries = await until(
      () => receiver.at('/later'),
      (list) => list.length === 2,
    );
    const events = entries.map((entry) => verified(secret, entry));
    const outcome = events.find((event) => event.type === 'lead.outcome');
    const spam = events.find((event) => event.type === 'lead.spam');
    expect(outcome?.type === 'lead.outcome' && outcome.data.lead.outcome).toMatchObject({
      outcome: 'won',
      value: 1200,
    });
    expect(spam?.type === 'lead.spam' && spam.data.lead).toMatchObject({ id: junk.id, status: 'spam' });
  });

  it('the lead’s timeline says where it was sent, by description or host, never the path', async () => {
    // An owner of its own: the shared owner's earlier endpoints hear every lead.created too.
    const own = await onboardedOwner(app, { plan: 'pro', entityName: 'Timeline Co' });
    const flowId = await createFlow(own.client);
    for (const body of [
      { url: receiver.url('/timeline/crm-token-1'), events: ['lead.created'], description: 'CRM' },
      { url: `http://hooks.test:${receiver.port}/timeline/sheet-token-2`, events: ['lead.created'] },
    ])
      expect((await own.client.post('/v1/webhook-endpoints', body)).status).toBe(201);
    const lead = await notify(app, own.apiKey, { flowId, data: { name: 'Ivy' } });
    // The worker sends after the 202: read until both deliveries are recorded.
    const timeline = await until(
      async () => (await own.client.get(`/v1/leads/${lead.id}/events`)).body.timeline as Array<Record<string, any>>,
      (entries) => entries.filter((entry) => entry.channel === 'webhook').length === 2,
    );
    expect(
      timeline
        .filter((entry) => entry.channel === 'webhook')
        .map(({ kind, person, detail }) => ({ kind, person, detail }))
        .sort((a, b) => a.detail.localeCompare(b.detail)),
    ).toEqual([
      { kind: 'delivered', person: null, detail: 'CRM' },
      { kind: 'delivered', person: null, detail: 'hooks.test' },
    ]);
    const json = JSON.stringify(timeline);
    expect(json).not.toContain('/timeline/');
    expect(json).not.toContain('token');
  });

  it('an endpoint limited to one flow hears only that flow’s leads', async () => {
    const chosen = await createFlow(owner.client, { name: 'Chosen' });
    const other = await createFlow(owner.client, { name: 'Other' });
    await addEndpoint({ url: receiver.url('/one-flow'), events: ['lead.created'], flowId: chosen });
    await notify(app, owner.apiKey, { flowId: other, data: { name: 'Elsewhere' } });
    const lead = await notify(app, owner.apiKey, { flowId: chosen, data: { name: 'Here' } });
    const [entry] = await until(
      () => receiver.at('/one-flow'),
      (list) => list.length === 1,
    );
    expect(JSON.parse(entry!.body).data.lead.id).toBe(lead.id);
    await sleep(300);
    expect(receiver.at('/one-flow')).toHaveLength(1);
  });
});

describe('webhooks › retries', () => {
  it('a receiver answering 500 then 200 gets the event twice with the same webhook-id', async () => {
    const flowId = await createFlow(owner.client);
    const { id, secret } = await addEndpoint({ url: receiver.url('/flaky'), events: ['lead.created'] });
    receiver.answer((request) =>
      request.path === '/flaky' && receiver.at('/flaky').length === 1
        ? { status: 500, body: 'database is down' }
        : { status: 200, body: 'ok' },
    );
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Flo' } });
    await until(
      () => receiver.at('/flaky'),
      (list) => list.length === 1,
    );
    const [pending] = await until(
      () => deliveriesOf(id),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(pending).toMatchObject({ status: 'pending', lastStatusCode: 500, responseExcerpt: 'database is down' });
    // The first retry is due within a minute.
    const dueIn = new Date(pending!.nextAttemptAt).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(0);
    expect(dueIn).toBeLessThanOrEqual(60_000);
    // The lead changes before the retry: lead.created still carries it as its first attempt did.
    expect((await owner.client.post(`/v1/leads/${lead.id}/claim`, {})).status).toBe(200);

    await advanceTime(app, clock, WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    const [first, second] = await until(
      () => receiver.at('/flaky'),
      (list) => list.length === 2,
    );
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(verified(secret, second!)).toMatchObject({ type: 'lead.created', data: { lead: { status: 'open' } } });
    const [delivered] = await until(
      () => deliveriesOf(id),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivered).toMatchObject({ attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    // The log keeps both attempts, not only the last (issue 50).
    expect(delivered!.attemptLog).toEqual([
      expect.objectContaining({ number: 1, outcome: 'failed', statusCode: 500, responseExcerpt: 'database is down' }),
      expect.objectContaining({ number: 2, outcome: 'delivered', statusCode: 200, responseExcerpt: 'ok' }),
    ]);
    const [firstAttempt, secondAttempt] = delivered!.attemptLog;
    expect(Date.parse(secondAttempt.attemptedAt)).toBeGreaterThan(Date.parse(firstAttempt.attemptedAt));
    expect(firstAttempt.durationMs).toBeGreaterThanOrEqual(0);

    // Resend: the same event again, same webhook-id.
    const resent = await owner.client.post(`/v1/webhook-endpoints/${id}/deliveries/${delivered!.id}/resend`, {});
    expect(resent.status).toBe(202);
    expect(resent.body.status).toBe('pending');
    const third = (
      await until(
        () => receiver.at('/flaky'),
        (list) => list.length === 3,
      )
    )[2]!;
    expect(third.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const [resentRow] = await until(
      () => deliveriesOf(id),
      (rows) => rows[0]?.status === 'delivered' && rows[0]?.attempts === 3,
    );
    expect(resentRow!.attemptLog.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([500, 200, 200]);
    receiver.answer(() => ({ status: 200, body: 'ok' }));
  });

  it('a receiver down for a day ends with the endpoint disabled and the admins emailed', async () => {
    const flowId = await createFlow(owner.client);
    // Port 9 on loopback: nobody listens, every attempt is refused at once.
    const { id } = await addEndpoint({ url: 'http://127.0.0.1:9/down', events: ['lead.created'] });
    const mailsBefore = app.smtp.count();
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Gus' } });
    for (const [index, seconds] of WEBHOOK_RETRY_DELAYS_SECONDS.entries()) {
      await until(
        () => deliveriesOf(id),
        (rows) => rows[0]?.attempts === index + 1,
        15_000,
      );
      await advanceTime(app, clock, seconds * 1000);
    }
    const [failed] = await until(
      () => deliveriesOf(id),
      (rows) => rows[0]?.status === 'failed',
      15_000,
    );
    expect(failed).toMatchObject({
      attempts: WEBHOOK_RETRY_DELAYS_SECONDS.length + 1,
      lastStatusCode: null,
      nextAttemptAt: null,
    });
    expect(failed!.lastError).toMatch(/Could not connect/);
    // The lead's timeline says it failed and why, naming the endpoint by its host only.
    const timeline = (await owner.client.get(`/v1/leads/${lead.id}/events`)).body.timeline as Array<
      Record<string, any>
    >;
    // The shared owner's other endpoints took this lead too: only this one failed.
    const posts = timeline.filter((entry) => entry.channel === 'webhook' && entry.kind === 'failed');
    expect(posts).toEqual([
      { kind: 'failed', at: expect.any(String), person: null, detail: expect.any(String), channel: 'webhook' },
    ]);
    expect(posts[0]!.detail).toMatch(/^Could not connect: .* \(127\.0\.0\.1\)$/);
    expect(JSON.stringify(timeline)).not.toContain('/down');

    // Moving a day on also escalates earlier leads: only the webhook mails count here, once each.
    const mails = await until(
      () =>
        app.smtp.received.slice(mailsBefore).filter((mail) => mail.subject.includes('webhook endpoint was turned off')),
      (list) => list.length > 0,
    );
    await sleep(300);
    expect(
      app.smtp.received.slice(mailsBefore).filter((mail) => mail.subject.includes('webhook endpoint')),
    ).toHaveLength(1);
    expect(mails[0]!.to).toEqual([owner.email.toLowerCase()]);
    expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain('http://127.0.0.1:9/down');
    const endpoint = (await owner.client.get('/v1/webhook-endpoints')).body.data.find(
      (row: { id: string }) => row.id === id,
    );
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint.disabledReason).toMatch(/8 attempts/);

    // A disabled endpoint gets no new events; turning it on again clears the reason.
    await notify(app, owner.apiKey, { flowId, data: { name: 'Hal' } });
    await sleep(300);
    expect(await deliveriesOf(id)).toHaveLength(1);
    const enabled = await owner.client.patch(`/v1/webhook-endpoints/${id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
  });
});

/**
 * The test events that reached `path`. A lead of an earlier test can reach a new endpoint too, as
 * lead.created: what a lead gets besides its ring is queued at its settle, which may come after
 * the endpoint was added (on a slow machine, after the test's first event).
 */
function testEventsAt(path: string): ReceivedRequest[] {
  return receiver.at(path).filter((entry) => (JSON.parse(entry.body) as { type?: unknown }).type === 'webhook.test');
}

describe('webhooks › test, rotation, redirects', () => {
  it('“Send test event” answers with the delivery; a rotation signs with both secrets for a day', async () => {
    const { id, secret } = await addEndpoint({ url: receiver.url('/test'), events: ['lead.created'] });
    const tested = await owner.client.post(`/v1/webhook-endpoints/${id}/test`, {});
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      lastStatusCode: 200,
      attempts: 1,
    });
    expect(verified(secret, testEventsAt('/test')[0]!)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: id },
    });

    const rotated = await owner.client.post(`/v1/webhook-endpoints/${id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.previousSecretExpiresAt).not.toBeNull();
    await owner.client.post(`/v1/webhook-endpoints/${id}/test`, {});
    const after = testEventsAt('/test')[1]!;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(rotated.body.secret, after).type).toBe('webhook.test');
    expect(verified(secret, after).type).toBe('webhook.test');
  });

  it('a redirect is a failed attempt and is never followed', async () => {
    const target = await startHttpReceiver();
    try {
      const { id } = await addEndpoint({ url: receiver.url('/redirect'), events: ['lead.created'] });
      receiver.answer((request) =>
        request.path === '/redirect'
          ? { status: 302, headers: { location: target.url('/metadata') } }
          : { status: 200, body: 'ok' },
      );
      const tested = await owner.client.post(`/v1/webhook-endpoints/${id}/test`, {});
      expect(tested.body).toMatchObject({
        status: 'failed',
        lastStatusCode: 302,
        lastError: 'Redirects are not followed.',
      });
      expect(target.connections()).toBe(0);
    } finally {
      receiver.answer(() => ({ status: 200, body: 'ok' }));
      await target.close();
    }
  });
});

describe('webhooks › documentation', () => {
  it('the OpenAPI document describes each event’s versioned payload under webhooks', async () => {
    const document: any = await (await fetch(`${app.baseUrl}/v1/openapi.json`)).json();
    for (const [type, name] of [
      ['lead.created', 'WebhookLeadCreated'],
      ['lead.claimed', 'WebhookLeadClaimed'],
      ['lead.done', 'WebhookLeadDone'],
      ['lead.spam', 'WebhookLeadSpam'],
      ['lead.outcome', 'WebhookLeadOutcome'],
      ['webhook.test', 'WebhookTestEvent'],
    ]) {
      expect(document.webhooks[type!].post.requestBody.content['application/json'].schema).toEqual({
        $ref: `#/components/schemas/${name}`,
      });
      expect(document.components.schemas[name!], name).toBeDefined();
    }
    expect(document.components.schemas.WebhookLead.properties.url).toBeDefined();
    expect(document.paths['/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend'].post.tags).toEqual(['Webhooks']);
  });
});

describe('webhooks › input and tenancy', () => {
  it('bad input answers 400 with a message per field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.com/x', events: ['lead.created'] }, 'url'],
      [{ url: 'not a url', events: ['lead.created'] }, 'url'],
      [{ url: 'https://user:pass@example.com/x', events: ['lead.created'] }, 'url'],
      [{ events: ['lead.created'] }, 'url'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x', events: ['lead.exploded'] }, 'events.0'],
      [{ url: 'https://example.com/x', events: ['lead.created'], flowId: 'nope' }, 'flowId'],
      [{ url: 'https://example.com/x', events: ['lead.created'], description: 'x'.repeat(201) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const response = await owner.client.post('/v1/webhook-endpoints', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.details.fields[field], JSON.stringify(response.body.error)).toBeDefined();
    }
    const patched = await owner.client.patch('/v1/webhook-endpoints/00000000-0000-4000-8000-000000000000', {
      enabled: 'yes',
    });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details.fields.enabled).toBeDefined();
  });

  it('another entity’s endpoint, delivery and flow ids answer 404 (or a field error)', async () => {
    const other = await onboardedOwner(app, { plan: 'pro', entityName: 'Other Co' });
    const otherFlow = await createFlow(other.client);
    const { id } = await addEndpoint({ url: receiver.url('/tenancy'), events: ['lead.created'] });
    const delivery = (await owner.client.post(`/v1/webhook-endpoints/${id}/test`, {})).body.id as string;
    const { id: otherEndpoint } = (
      await other.client.post('/v1/webhook-endpoints', {
        url: receiver.url('/other'),
        events: ['lead.created'],
      })
    ).body as { id: string };

    expect((await other.client.patch(`/v1/webhook-endpoints/${id}`, { description: 'mine' })).status).toBe(404);
    expect((await other.client.delete(`/v1/webhook-endpoints/${id}`)).status).toBe(404);
    expect((await other.client.post(`/v1/webhook-endpoints/${id}/test`, {})).status).toBe(404);
    expect((await other.client.post(`/v1/webhook-endpoints/${id}/rotate-secret`, {})).status).toBe(404);
    expect((await other.client.get(`/v1/webhook-endpoints/${id}/deliveries`)).status).toBe(404);
    expect((await other.client.post(`/v1/webhook-endpoints/${id}/deliveries/${delivery}/resend`, {})).status).toBe(404);
    // A's delivery through B's own endpoint: still not B's.
    expect(
      (await other.client.post(`/v1/webhook-endpoints/${otherEndpoint}/deliveries/${delivery}/resend`, {})).status,
    ).toBe(404);
    expect((await owner.client.get(`/v1/webhook-endpoints/not-an-id/deliveries`)).status).toBe(404);
    const list = await other.client.get('/v1/webhook-endpoints');
    expect(list.body.data.map((endpoint: { id: string }) => endpoint.id)).toEqual([otherEndpoint]);

    const foreignFlow = await owner.client.post('/v1/webhook-endpoints', {
      url: receiver.url('/x'),
      events: ['lead.created'],
      flowId: otherFlow,
    });
    expect(foreignFlow.status).toBe(400);
    expect(foreignFlow.body.error.details.fields.flowId).toEqual(['No such flow: choose one of yours, or every flow.']);
  });
});

describe('webhooks › SSRF with WEBHOOK_ALLOW_PRIVATE_NETWORKS off', () => {
  let strict: TestApp;
  let strictOwner: Awaited<ReturnType<typeof onboardedOwner>>;
  beforeAll(async () => {
    strict = await startTestApp({}, undefined, {
      webhookResolver: resolverOf({
        'rebind.test': ['10.0.0.1'],
        // A public address and a private one: any private answer refuses the name.
        'mixed.test': ['93.184.216.34', '10.0.0.1'],
        'loopback.test': ['127.0.0.1'],
        'metadata.test': ['169.254.169.254'],
        'ula.test': ['fd00::1'],
        'compatible.test': ['::7f00:1'],
      }),
    });
    strictOwner = await onboardedOwner(strict, { plan: 'pro' });
  });
  afterAll(async () => strict?.close());

  it('refuses http:// and literal loopback, private, link-local and IPv6 addresses when saved, IPv4-compatible ::7f00:1 (127.0.0.1) too', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.0.0.5/hook',
      'https://172.16.3.4/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://224.0.0.1/hook',
      'https://[::1]/hook',
      'https://[fd12::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[::7f00:1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://localhost/hook',
    ]) {
      const response = await strictOwner.client.post('/v1/webhook-endpoints', { url, events: ['lead.created'] });
      expect(response.status, url).toBe(400);
      expect(response.body.error.details.fields.url, url).toHaveLength(1);
    }
    const created = await strictOwner.client.post('/v1/webhook-endpoints', {
      url: 'https://example.com/hook',
      events: ['lead.created'],
    });
    expect(created.status).toBe(201);
    const moved = await strictOwner.client.patch(`/v1/webhook-endpoints/${created.body.id}`, {
      url: 'https://[::1]:8443/hook',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details.fields.url).toHaveLength(1);
  });

  it('refuses names that resolve to private addresses (IPv4-compatible ::7f00:1 too) before connecting', async () => {
    const listener = await startHttpReceiver();
    try {
      for (const [host, address] of [
        ['rebind.test', '10.0.0.1'],
        ['mixed.test', '10.0.0.1'],
        ['metadata.test', '169.254.169.254'],
        ['ula.test', 'fd00::1'],
        ['compatible.test', '::7f00:1'],
        [`loopback.test:${listener.port}`, '127.0.0.1'],
      ] as const) {
        const created = await strictOwner.client.post('/v1/webhook-endpoints', {
          url: `https://${host}/hook`,
          events: ['lead.created'],
        });
        expect(created.status, host).toBe(201);
        const tested = await strictOwner.client.post(`/v1/webhook-endpoints/${created.body.id}/test`, {});
        expect(tested.status).toBe(200);
        expect(tested.body).toMatchObject({ status: 'failed', lastStatusCode: null });
        expect(tested.body.lastError, host).toContain(`resolves to ${address}, which is not a public address`);
      }
      // The loopback listener was never connected to.
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });
});
