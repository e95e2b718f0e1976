import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { NOTIFICATIONS_CHANNEL } from '../events/notification-hub.ts';

// Ingestion remembers keys and flows per process and accepts concurrent requests in batches
// (decision 020). These tests hold it to the same answers as one request at a time.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

async function siteOf(plan: 'starter' | 'growth' = 'growth') {
  const owner = await onboardedOwner(app, { plan });
  const flowId = await createFlow(owner.client);
  const site = createHttpClient(app, { bearer: owner.apiKey });
  return {
    owner,
    flowId,
    site,
    notify: (body: Record<string, unknown> = {}) => site.post('/v1/notify', { flowId, ...body }),
  };
}

async function storedIdsOf(client: Awaited<ReturnType<typeof siteOf>>['owner']['client'], flowId: string) {
  const page = await client.get(`/v1/flows/${flowId}/notifications`);
  return page.body.Notifications.map((notification: { id: string }) => notification.id) as string[];
}

describe('ingestion › concurrent requests', () => {
  it('many at once across entities: every 202 is stored once, in its own entity, and counted on its flow', async () => {
    const sites = await Promise.all([siteOf(), siteOf(), siteOf()]);
    const answers = await Promise.all(
      sites.flatMap((site) =>
        Array.from({ length: 20 }, (_, index) => site.notify({ data: { name: `Lead ${index}` } })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(202));
    for (const [index, site] of sites.entries()) {
      const accepted = answers.slice(index * 20, index * 20 + 20).map((answer) => answer.body.id as string);
      const stored = await storedIdsOf(site.owner.client, site.flowId);
      expect([...stored].sort()).toEqual([...accepted].sort());
      // The flow's count is the worker's, derived from the batch's intake job (decision 038).
      await expect.poll(async () => (await site.owner.client.get('/v1/flows')).body.data[0].notificationCount).toBe(20);
    }
  });

  it('Starter at 15 of 20 with 10 requests at once: exactly 5 are delivered, the other 5 stored and held', async () => {
    const site = await siteOf('starter');
    for (let index = 0; index < 15; index += 1) expect((await site.notify()).status).toBe(202);
    const answers = await Promise.all(Array.from({ length: 10 }, () => site.notify()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(202));
    expect(answers.filter((answer) => answer.body.held === false)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.held === true)).toHaveLength(5);
    expect(await storedIdsOf(site.owner.client, site.flowId)).toHaveLength(25);
    expect((await site.owner.client.get('/v1/usage')).body).toMatchObject({
      count: 20,
      heldCount: 5,
      isLimitReached: true,
    });
  });

  it('an idempotent retry of an accepted notification is replayed even once the plan is used up', async () => {
    const site = await siteOf('starter');
    const first = await site.site.post('/v1/notify', { flowId: site.flowId }, { 'idempotency-key': 'order-1' });
    for (let index = 0; index < 19; index += 1) expect((await site.notify()).status).toBe(202);
    const retry = await site.site.post('/v1/notify', { flowId: site.flowId }, { 'idempotency-key': 'order-1' });
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await site.notify()).body).toMatchObject({ held: true });
  });
});

describe('ingestion › remembered keys and flows', () => {
  it('an edited flow template is used by the very next notification', async () => {
    const site = await siteOf();
    expect((await site.notify({ data: { name: 'Ann' } })).status).toBe(202);
    const edited = await site.owner.client.put(`/v1/flows/${site.flowId}`, {
      name: 'Contact form',
      title: 'Call back {{name}}',
      message: '{{name}} left a message for you.',
    });
    expect(edited.status).toBe(200);
    expect((await site.notify({ data: { name: 'Bo' } })).status).toBe(202);
    const page = await site.owner.client.get(`/v1/flows/${site.flowId}/notifications`);
    expect(page.body.Notifications.map((notification: { title: string }) => notification.title)).toEqual([
      'Call back Bo',
      'New lead: Ann',
    ]);
  });

  it('a key revoked right after use is refused at once', async () => {
    const site = await siteOf();
    expect((await site.notify()).status).toBe(202);
    const keys = await site.owner.client.get('/v1/api-keys');
    expect((await site.owner.client.delete(`/v1/api-keys/${keys.body.data[0].id}`)).status).toBe(204);
    const refused = await site.notify();
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
    expect(await storedIdsOf(site.owner.client, site.flowId)).toHaveLength(1);
  });

  it('a key limited to origins right after use from another origin refuses that origin at once', async () => {
    const site = await siteOf();
    const elsewhere = { origin: 'https://copycat.example' };
    expect((await site.site.post('/v1/notify', { flowId: site.flowId }, elsewhere)).status).toBe(202);
    const keys = await site.owner.client.get('/v1/api-keys');
    const limited = await site.owner.client.patch(`/v1/api-keys/${keys.body.data[0].id}`, {
      allowedOrigins: ['https://www.acme-homes.example'],
    });
    expect(limited.status).toBe(200);
    const refused = await site.site.post('/v1/notify', { flowId: site.flowId }, elsewhere);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('origin_not_allowed');
  });

  it('a flow deleted right after use answers 404 at once', async () => {
    const site = await siteOf();
    expect((await site.notify()).status).toBe(202);
    expect((await site.owner.client.delete(`/v1/flows/${site.flowId}`)).status).toBe(204);
    const refused = await site.notify();
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('not_found');
  });
});

describe('ingestion › announcements', () => {
  it('each accepted notification is announced to every process, with its entity, once committed', async () => {
    const site = await siteOf();
    const listener = new pg.Client({ connectionString: app.pool.options.connectionString });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', ({ payload }) => heard.push(...(payload ?? '').split(' ')));
      await listener.query(`listen ${NOTIFICATIONS_CHANNEL}`);
      expect((await site.notify()).status).toBe(202);
      await expect.poll(() => heard, { timeout: 5000 }).toContain(site.owner.entityId);
    } finally {
      await listener.end();
    }
  });
});
