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
