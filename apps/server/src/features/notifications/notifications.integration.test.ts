import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
let owner: Awaited<ReturnType<typeof onboardedOwner>>;
let site: HttpClient;
beforeAll(async () => {
  app = await startTestApp();
  owner = await onboardedOwner(app);
  site = createHttpClient(app, { bearer: owner.apiKey });
});
afterAll(async () => app?.close());

type Notification = { id: string; flowId: string; title: string; message: string; createdAt: string };

async function notificationsOf(client: HttpClient, flowId: string, query = ''): Promise<Notification[]> {
  const page = await client.get(`/v1/flows/${flowId}/notifications${query}`);
  expect(page.status).toBe(200);
  return page.body.Notifications;
}

describe('notifications › ingestion', () => {
  it('a key as "Authorization: Bearer" is accepted with 202 {id, flowId, createdAt, status, held, test, unusedFields}', async () => {
    const flowId = await createFlow(owner.client);
    const response = await site.post('/v1/notify', { flowId, data: { name: 'Ann', question: 'Is it available?' } });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      flowId,
      createdAt: expect.any(String),
      status: 'accepted',
      held: false,
      test: false,
      unusedFields: [],
    });
    expect(Number.isNaN(Date.parse(response.body.createdAt))).toBe(false);
  });

  it('a key as "X-Api-Key" is accepted with 202', async () => {
    const flowId = await createFlow(owner.client);
    const response = await createHttpClient(app).post('/v1/notify', { flowId }, { 'x-api-key': owner.apiKey });
    expect(response.status).toBe(202);
    expect(response.body.flowId).toBe(flowId);
    expect((await notificationsOf(owner.client, flowId)).map((notification) => notification.id)).toEqual([
      response.body.id,
    ]);
  });

  it("the flow's templates are filled from data, and unknown placeholders (inherited names included) become empty", async () => {
    const flowId = await createFlow(owner.client, {
      title: 'New lead: {{name}}',
      message: '{{ name }} wrote: {{question}} ({{missing}}{{constructor}})',
    });
    const response = await site.post('/v1/notify', { flowId, data: { name: 'Ann', unused: 'x' } });
    expect(response.status).toBe(202);
    expect(response.body.unusedFields).toEqual(['unused']);
    const [notification] = await notificationsOf(owner.client, flowId);
    expect(notification).toEqual({
      id: response.body.id,
      flowId,
      title: 'New lead: Ann',
      message: 'Ann wrote:  ()',
      url: null,
      data: { name: 'Ann', unused: 'x' },
      isTest: false,
      isHeld: false,
      source: 'api',
      // A website's server sends no Origin: the lead has no page.
      pageUrl: null,
      shortenedFields: [],
      createdAt: response.body.createdAt,
      delivery: expect.objectContaining({ state: expect.any(String) }),
    });
  });

  it('numbers and booleans fill placeholders as text', async () => {
    const flowId = await createFlow(owner.client, {
      title: 'Order {{id}}',
      message: 'Paid: {{paid}}, express: {{express}}',
    });
    expect((await site.post('/v1/notify', { flowId, data: { id: 42, paid: true, express: false } })).status).toBe(202);
    const [notification] = await notificationsOf(owner.client, flowId);
    expect(notification).toMatchObject({ title: 'Order 42', message: 'Paid: true, express: false' });
  });

  it("an explicit title and message replace the flow's, and are filled from data too", async () => {
    const flowId = await createFlow(owner.client);
    const response = await site.post('/v1/notify', {
      flowId,
      title: '  Booking from {{name}} ',
      message: 'Room {{room}} tonight',
      data: { name: 'Bo', room: 12 },
    });
    expect(response.status).toBe(202);
    const [notification] = await notificationsOf(owner.client, flowId);
    expect(notification).toMatchObject({ title: 'Booking from Bo', message: 'Room 12 tonight' });

    expect((await site.post('/v1/notify', { flowId, title: 'Only the title' })).status).toBe(202);
    const [latest] = await notificationsOf(owner.client, flowId);
    expect(latest).toMatchObject({ title: 'Only the title', message: ' wrote: ' });
  });

  it("another entity's flowId answers 404 and stores nothing", async () => {
    const other = await onboardedOwner(app);
    const otherFlowId = await createFlow(other.client);
    const response = await site.post('/v1/notify', { flowId: otherFlowId });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
    expect(await notificationsOf(other.client, otherFlowId)).toEqual([]);
    expect((await site.post('/v1/notify', { flowId: randomUUID() })).status).toBe(404);
  });
});

describe('notifications › API key', () => {
  it.each([
    ['no key', {}],
    ['an unknown bearer key', { authorization: 'Bearer lb_live_unknownunknownunknownunknown' }],
    ['an unknown X-Api-Key', { 'x-api-key': 'lb_live_unknownunknownunknownunknown' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a session-style non-bearer authorization', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('%s answers 401 invalid_api_key', async (_label, headers) => {
    const flowId = await createFlow(owner.client);
    const response = await createHttpClient(app).post('/v1/notify', { flowId }, headers);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('invalid_api_key');
    expect(await notificationsOf(owner.client, flowId)).toEqual([]);
  });

  it('a signed-in session is not an API key', async () => {
    const flowId = await createFlow(owner.client);
    const response = await owner.client.post('/v1/notify', { flowId });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('invalid_api_key');
  });

  it.each([
    ['an invalid body', { flowId: 'nope', title: 5 }],
    ['an empty body', {}],
    ['malformed JSON', '{"flowId":'],
    ['a body over the 16 kB limit', { flowId: randomUUID(), message: 'm'.repeat(20_000) }],
  ])('%s with a bad key answers 401, not 400: the key is checked first', async (_label, body) => {
    for (const headers of [{}, { 'x-api-key': 'wrong' }] as Array<Record<string, string>>) {
      const response = await createHttpClient(app).post('/v1/notify', body, headers);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('invalid_api_key');
    }
  });
});

describe('notifications › malformed bodies answer 400, never 500', () => {
  const tenKb = 'm'.repeat(10_000);
  const manyKeys = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`key${index}`, index]));
  it.each([
    ['a missing flowId', { flowId: undefined }, 'flowId'],
    ['a non-uuid flowId', { flowId: 'not-a-uuid' }, 'flowId'],
    ['a numeric flowId', { flowId: 42 }, 'flowId'],
    ['a numeric title', { title: 42 }, 'title'],
    ['an empty title', { title: '   ' }, 'title'],
    ['a 10 kB message', { message: tenKb }, 'message'],
    ['data with 51 keys', { data: manyKeys }, 'data'],
    ['data that is an array', { data: ['a'] }, 'data'],
    ['a nested data value', { data: { name: { first: 'Ann' } } }, 'data.name'],
    ['a 10 kB data value', { data: { name: tenKb } }, 'data.name'],
  ])('%s → 400 with details for the field', async (_label, override, field) => {
    const flowId = await createFlow(owner.client);
    const body = { flowId, ...override };
    const response = await site.post('/v1/notify', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.fields[field]?.[0]).toEqual(expect.any(String));
    expect(await notificationsOf(owner.client, flowId)).toEqual([]);
  });

  it('the spec messages name the problem', async () => {
    const flowId = await createFlow(owner.client);
    expect((await site.post('/v1/notify', { flowId, title: 42 })).body.error.details.fields.title).toEqual([
      'Title must be text.',
    ]);
    expect((await site.post('/v1/notify', { flowId, data: manyKeys })).body.error.details.fields.data).toEqual([
      'At most 50 data fields.',
    ]);
    expect((await site.post('/v1/notify', { flowId, message: tenKb })).body.error.details.fields.message).toEqual([
      'Message must be 1000 characters or less.',
    ]);
  });

  it('a body over the 16 kB limit with a valid key answers 413 payload_too_large', async () => {
    const flowId = await createFlow(owner.client);
    const response = await site.post('/v1/notify', {
      flowId,
      data: { note: 'm'.repeat(900) },
      message: 'm'.repeat(16_000),
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it.each([
    ['malformed JSON', '{"flowId":'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
  ])('%s with a valid key → 400 validation_error', async (_label, raw) => {
    const response = await site.post('/v1/notify', raw);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
  });
});

describe('notifications › list', () => {
  it('lists newest first as {Notifications, flow, flowTitle, nextCursor}', async () => {
    const flowId = await createFlow(owner.client, { name: 'Listing flow', title: 'Lead {{n}}' });
    const sent: string[] = [];
    for (const n of [1, 2, 3]) sent.push((await site.post('/v1/notify', { flowId, data: { n } })).body.id);

    const page = await owner.client.get(`/v1/flows/${flowId}/notifications`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      Notifications: [3, 2, 1].map((n) => ({
        id: sent[n - 1],
        flowId,
        title: `Lead ${n}`,
        message: ' wrote: ',
        url: null,
        data: { n },
        isTest: false,
        isHeld: false,
        source: 'api',
        pageUrl: null,
        shortenedFields: [],
        createdAt: expect.any(String),
        // The owner has no device: each gets an email copy (decision 021), pending or sent by now.
        delivery: expect.objectContaining({ state: expect.stringMatching(/^(accepted|delivered)$/) }),
      })),
      flow: 'Listing flow',
      flowTitle: 'Lead {{n}}',
      nextCursor: null,
    });
  });

  it('an empty flow lists no notifications', async () => {
    const flowId = await createFlow(owner.client);
    const page = await owner.client.get(`/v1/flows/${flowId}/notifications`);
    expect(page.body).toMatchObject({ Notifications: [], nextCursor: null });
  });

  it('120 notifications come in pages of 50, 50 and 20 with no duplicates or gaps, then nextCursor null', async () => {
    const flowId = await createFlow(owner.client, { name: 'Busy flow' });
    await app.pool.query(
      // An hour ago: 115 leads within a minute would be a flood (decision 039).
      `insert into notifications (entity_id, flow_id, title, message, created_at)
       select $1, $2, 'Bulk ' || n, 'Bulk message ' || n, now() - interval '1 hour'
         from generate_series(1, 115) as n order by n`,
      [owner.entityId, flowId],
    );
    for (let n = 1; n <= 5; n += 1)
      expect((await site.post('/v1/notify', { flowId, title: `Live ${n}` })).status).toBe(202);
    const expected = [
      ...Array.from({ length: 5 }, (_, index) => `Live ${5 - index}`),
      ...Array.from({ length: 115 }, (_, index) => `Bulk ${115 - index}`),
    ];

    const titles: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const response: { status: number; body: { Notifications: Notification[]; nextCursor: string | null } } =
        await owner.client.get(`/v1/flows/${flowId}/notifications${cursor ? `?cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      sizes.push(response.body.Notifications.length);
      titles.push(...response.body.Notifications.map((notification) => notification.title));
      cursor = response.body.nextCursor;
    } while (cursor && sizes.length < 10);

    expect(sizes).toEqual([50, 50, 20]);
    expect(titles).toEqual(expected);
    expect(cursor).toBeNull();

    const limited = await owner.client.get(`/v1/flows/${flowId}/notifications?limit=100`);
    expect(limited.body.Notifications).toHaveLength(100);
    const rest = await owner.client.get(
      `/v1/flows/${flowId}/notifications?limit=100&cursor=${limited.body.nextCursor}`,
    );
    expect(rest.body.Notifications.map((notification: Notification) => notification.title)).toEqual(
      expected.slice(100),
    );
    expect(rest.body.nextCursor).toBeNull();
  });

  it('a page that ends exactly at the last notification has nextCursor null', async () => {
    const flowId = await createFlow(owner.client);
    for (let n = 0; n < 3; n += 1) await site.post('/v1/notify', { flowId });
    const page = await owner.client.get(`/v1/flows/${flowId}/notifications?limit=3`);
    expect(page.body.Notifications).toHaveLength(3);
    expect(page.body.nextCursor).toBeNull();
  });

  it.each([
    ['limit=0', '?limit=0', 'limit'],
    ['limit=101', '?limit=101', 'limit'],
    ['limit=abc', '?limit=abc', 'limit'],
    ['limit=1.5', '?limit=1.5', 'limit'],
    ['cursor=abc', '?cursor=abc', 'cursor'],
    // Past any position (and PostgreSQL's bigint): refused, not a database error.
    ['cursor=99999999999999999999', '?cursor=99999999999999999999', 'cursor'],
  ])('%s answers 400 with details for the parameter', async (_label, query, field) => {
    const flowId = await createFlow(owner.client);
    const response = await owner.client.get(`/v1/flows/${flowId}/notifications${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.fields[field]?.[0]).toEqual(expect.any(String));
  });

  it("another entity's flow notifications answer 404, as do a random uuid and a non-uuid", async () => {
    const flowId = await createFlow(owner.client);
    await site.post('/v1/notify', { flowId });
    const other = await onboardedOwner(app);
    for (const id of [flowId, randomUUID(), 'not-a-uuid']) {
      const response = await other.client.get(`/v1/flows/${id}/notifications`);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('without a session the list answers 401 unauthorized, even with an API key', async () => {
    const flowId = await createFlow(owner.client);
    const response = await site.get(`/v1/flows/${flowId}/notifications`);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });
});
