import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, openEventStream, type ServerSentEvent } from '../../../test/event-stream.ts';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { acceptBatchIn } from '../../../test/accept-batch.ts';
import { takeInAcceptedLeads } from '../../../test/accepted-leads.ts';
import { untilTakenIn } from '../../../test/until.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

/**
 * Runs the first accept batch the app sends in a transaction of its own that commits only when
 * released; the batches after it run as they would.
 */
function holdFirstBatch(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markWritten!: () => void;
  const written = new Promise<void>((resolve) => (markWritten = resolve));
  let holding = false;
  (pool as { query: unknown }).query = async (config: pg.QueryConfig, ...rest: unknown[]) => {
    if (holding || config?.name !== 'accept_notifications') return query(config, ...rest);
    holding = true;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await acceptBatchIn(client, config);
      markWritten();
      await released;
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  return { written, release };
}

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

/**
 * A second API key of the business: the other batch sends with it, since a key's rate bucket is its
 * own (decision 059) and the held batch keeps its key's locked until it commits.
 */
async function secondKeyOf(owner: Awaited<ReturnType<typeof onboardedOwner>>): Promise<string> {
  const created = await owner.client.post('/v1/api-keys', { label: 'Second site' });
  return (await owner.client.get(`/v1/api-keys/${created.body.id}/secret`)).body.API_Key as string;
}

/**
 * Sends the business's first lead with its first key, its batch held uncommitted (holdFirstBatch),
 * and returns once the batch has written; the other key sends beside it.
 */
async function sendHeldLead(owner: Awaited<ReturnType<typeof onboardedOwner>>, flowId: string) {
  const secondKey = await secondKeyOf(owner);
  const hold = holdFirstBatch(app.pool);
  const first = notify(app, owner.apiKey, { flowId, data: { name: 'First' } });
  await hold.written;
  return { secondKey, hold, first };
}

const leadsOf = (events: ServerSentEvent[]) => events.filter((event) => event.event === 'notification');

describe('ingestion › batches of one business side by side (decision 061)', () => {
  it('a batch runs while another of the business is uncommitted; a live stream shows each lead once, at once, and resumes only past final positions', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(owner.client);
    const stream = await openEventStream(app.baseUrl, cookieOf(owner.client));
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));
    const start = stream.lastEventId();

    const { secondKey, hold, first } = await sendHeldLead(owner, flowId);
    // Waiting requests start a batch beside the running one (accept-batcher.ts: 16 of them, or once
    // it has run 10 ms). With the entity's lock held by each batch to its commit, they waited for the first.
    const second = await within(
      10_000,
      Promise.all(
        Array.from({ length: 16 }, (_, index) => notify(app, secondKey, { flowId, data: { name: `Lead ${index}` } })),
      ),
      'the second batch',
    );
    // The second batch's leads are taken in while the first is still open (decision 064), and
    // shown at once: only their event ids wait for the older transaction (decision 066).
    await untilTakenIn(app.pool);
    await stream.waitFor((events) => leadsOf(events).length === 16);
    expect(leadsOf(stream.events).every((event) => event.id === undefined)).toBe(true);
    expect(stream.lastEventId()).toBe(start);

    hold.release();
    const firstLead = await first;
    await stream.waitFor((events) => leadsOf(events).length === 17);
    const ids = leadsOf(stream.events).map((event) => (JSON.parse(event.data!) as { id: string }).id);
    expect(new Set(ids).size).toBe(17);
    expect(new Set(ids)).toEqual(new Set([firstLead.id, ...second.map((lead) => lead.id)]));
    // A lead's position is its take's (decision 064): the first batch's lead was taken in last, so
    // the stream's resume position ends at its position, having moved only forward.
    const { rows } = await app.pool.query<{ seq: string }>('select seq from notifications where id = $1', [
      firstLead.id,
    ]);
    await stream.waitFor(() => stream.lastEventId() === rows[0]!.seq);
    const positions = stream.ids.map(Number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await stream.close();
  });

  it('a batch still running after 10 ms (its flush waiting on a slow disk, decision 088) does not hold the next: a lone lead sent meanwhile is accepted and taken in', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(owner.client);
    const { secondKey, hold, first } = await sendHeldLead(owner, flowId);
    const second = await within(
      10_000,
      notify(app, secondKey, { flowId, data: { name: 'Second' } }),
      'the lead sent while the first batch runs',
    );
    await untilTakenIn(app.pool);
    const taken = await app.pool.query('select 1 from notifications where id = $1', [second.id]);
    expect(taken.rowCount).toBe(1);

    hold.release();
    expect((await first).id).not.toBe(second.id);
  });

  it('an idempotency key claimed by a batch under way is answered once: the other batch waits for its commit and replays it', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(owner.client);
    const secondKey = await secondKeyOf(owner);
    const firstSite = createHttpClient(app, { bearer: owner.apiKey });
    const secondSite = createHttpClient(app, { bearer: secondKey });

    const hold = holdFirstBatch(app.pool);
    const first = firstSite.post('/v1/notify', { flowId }, { 'idempotency-key': 'order-7' });
    await hold.written;
    const others = Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        secondSite.post('/v1/notify', { flowId }, index === 0 ? { 'idempotency-key': 'order-7' } : {}),
      ),
    );
    let answered = false;
    void others.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);

    hold.release();
    const [original, [repeated]] = await Promise.all([first, others]);
    expect(original.status).toBe(202);
    expect(repeated!.status).toBe(202);
    expect(repeated!.body).toEqual(original.body);
    await takeInAcceptedLeads(app.pool);
    const { rows } = await app.pool.query<{ leads: number }>(
      'select count(*)::int as leads from notifications where entity_id = $1',
      [owner.entityId],
    );
    expect(rows).toEqual([{ leads: 16 }]);
  });
});
