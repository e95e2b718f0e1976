import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

// No worker in this process or any other: what a lead's 202 wrote is all there is, until a read.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DELIVERY_WORKER: 'false', NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

async function where(id: string): Promise<{ intake: number; notifications: number }> {
  const { rows } = await app.pool.query<{ intake: number; notifications: number }>(
    `select (select count(*)::int from lead_intake where id = $1) as intake,
            (select count(*)::int from notifications where id = $1) as notifications`,
    [id],
  );
  return rows[0]!;
}

describe('ingestion › the narrow intake (decision 064)', () => {
  it('a 202 writes the lead into lead_intake; the first read of its business moves it, and it reads and acts as any lead', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Ann' } });
    expect(await where(lead.id)).toEqual({ intake: 1, notifications: 0 });

    const inbox = await owner.client.get('/v1/leads?filter=all');
    expect(inbox.body.data.map((row: { id: string }) => row.id)).toEqual([lead.id]);
    expect(await where(lead.id)).toEqual({ intake: 0, notifications: 1 });
    const { rows } = await app.pool.query('select created_at, seq::float8 as seq from notifications where id = $1', [
      lead.id,
    ]);
    expect(rows[0].created_at.toISOString()).toBe(lead.createdAt);

    // Each lead route moves first: a lead known only from its 202 is claimed at once.
    const second = await notify(app, owner.apiKey, { flowId, data: { name: 'Bob' } });
    expect((await owner.client.post(`/v1/leads/${second.id}/claim`, {})).status).toBe(200);
    const after = await app.pool.query('select seq::float8 as seq from notifications where id = $1', [second.id]);
    expect(after.rows[0].seq).toBeGreaterThan(rows[0].seq);
  });

  it('another business’s read neither shows nor moves its leads, and its ids answer 404 there', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const lead = await notify(app, owner.apiKey, { flowId: await createFlow(owner.client), data: { name: 'Cy' } });

    expect((await other.client.get('/v1/leads?filter=all')).body.data).toEqual([]);
    expect((await other.client.get(`/v1/leads/${lead.id}`)).status).toBe(404);
    expect((await other.client.post(`/v1/leads/${lead.id}/claim`, {})).status).toBe(404);
    expect(await where(lead.id)).toEqual({ intake: 1, notifications: 0 });
  });

  it('a lead whose flow is deleted before it moved goes with its flow, and the business’s other leads stay', async () => {
    const owner = await onboardedOwner(app);
    const [kept, deleted] = [await createFlow(owner.client), await createFlow(owner.client)];
    const keptLead = await notify(app, owner.apiKey, { flowId: kept, data: { name: 'Dee' } });
    const goneLead = await notify(app, owner.apiKey, { flowId: deleted, data: { name: 'Eve' } });
    expect((await owner.client.delete(`/v1/flows/${deleted}`)).status).toBe(204);
    expect(await where(goneLead.id)).toEqual({ intake: 0, notifications: 0 });
    expect(await where(keptLead.id)).toEqual({ intake: 1, notifications: 0 });

    const inbox = await owner.client.get('/v1/leads?filter=all');
    expect(inbox.body.data.map((row: { id: string }) => row.id)).toEqual([keptLead.id]);
    expect(await where(goneLead.id)).toEqual({ intake: 0, notifications: 0 });
  });
});

// The routes that read or act on a business's leads say so (`config: { readsLeads: true }`, decided
// beside their guards): each takes the business's waiting leads in first. A new lead route is
// decided here too, so none forgets to.
const ROUTES_THAT_READ_LEADS = [
  'DELETE /v1/leads/:id/outcome',
  'GET /v1/flows/:id/fields',
  'GET /v1/flows/:id/notifications',
  'GET /v1/insights',
  'GET /v1/leads',
  'GET /v1/leads/:id',
  'GET /v1/leads/:id/events',
  'GET /v1/leads/counts',
  'GET /v1/leads/export.csv',
  'GET /v1/notifications/:id/deliveries',
  'GET /v1/setup',
  'POST /v1/leads/:id/attempts',
  'POST /v1/leads/:id/claim',
  'POST /v1/leads/:id/delete',
  'POST /v1/leads/:id/done',
  'POST /v1/leads/:id/not-spam',
  'POST /v1/leads/:id/notes',
  'POST /v1/leads/:id/release',
  'POST /v1/leads/:id/replies',
  'POST /v1/leads/:id/restore',
  'POST /v1/leads/:id/ring',
  'POST /v1/leads/:id/seen',
  'POST /v1/leads/:id/spam',
  'PUT /v1/leads/:id/outcome',
];

describe('ingestion › the routes that take waiting leads in first', () => {
  it('are exactly the lead routes, a lead’s deliveries, a flow’s notifications and fields, the insights and the checklist', () => {
    const reading = app.routes.filter((route) => route.readsLeads && route.method !== 'HEAD');
    expect(reading.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(ROUTES_THAT_READ_LEADS);
    // A HEAD route answers as its GET, after the same take.
    for (const head of app.routes.filter((route) => route.method === 'HEAD'))
      expect(head.readsLeads, head.url).toBe(
        app.routes.some((route) => route.method === 'GET' && route.url === head.url && route.readsLeads),
      );
  });

  it('each GET among them has moved the business’s waiting leads by the time it answers', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    // Read as the console does, whatever the answer's type (the export is CSV).
    const cookie = [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const route of ROUTES_THAT_READ_LEADS.filter((route) => route.startsWith('GET '))) {
      const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Ann' } });
      const path = route.slice('GET '.length).replace(':id', route.includes('/flows/') ? flowId : lead.id);
      expect((await fetch(`${app.baseUrl}${path}`, { headers: { cookie } })).status, route).toBe(200);
      expect(await where(lead.id), route).toEqual({ intake: 0, notifications: 1 });
    }
  });
});
