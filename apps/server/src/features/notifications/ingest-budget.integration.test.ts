import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptBatchIn } from '../../../test/accept-batch.ts';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * What one batch of plain leads (no idempotency key, a plan that keeps accepting, not a test) may
 * cost PostgreSQL before its 202 (issue 23, decision 038). Everything else is derived afterwards by
 * the delivery worker from the batch's intake job. A change that adds a statement or a row here
 * fails this test: move the work to the worker (leadbell_take_outbox), or raise the budget here
 * with the reason next to it.
 */
const INGEST_BUDGET = {
  /**
   * The call of leadbell_accept_notifications_durably: its own round trip, the batch's transaction,
   * and a second that only waits for the disk (one WAL record, no row; decision 088).
   */
  roundTripsPerBatch: 1,
  /**
   * Every statement PostgreSQL executes for a batch, whatever its size (query texts in the failure).
   * A batch of plain leads is two (issue 45): at 100 leads a second a batch holds one lead, and each
   * statement's fixed cost was paid per lead.
   */
  statementsPerBatch: [
    'one statement: the stale check, the rate (one upsert of api_key_rate_buckets for every key not ' +
      'charged from a lease), each entity’s advisory lock, shared (decision 061), the count against the ' +
      'plan appended (decision 060), the leads into lead_intake in item order (decision 064), the intake ' +
      'job and the answers',
    'the answers as one JSON value, and the NOTIFYs that wake the workers (and a held lead’s consoles) ' +
      'as the batch commits (decision 088): before, a statement of its own after the commit',
  ],
  /**
   * …and per lead: none. lead_intake has no foreign keys and no trigger (decision 064): the take
   * that moves the leads into notifications checks them, and appends their insights counts.
   */
  statementsPerLead: [],
  /**
   * Rows each table gains or changes, for a batch of `n` leads of one entity and flow. A hot key's
   * requests are charged from its process's lease of its tokens (decision 059), taken outside the
   * batch: a batch of those alone leaves the key's bucket alone.
   */
  rowsWritten: (n: number, { allLeased }: { allLeased: boolean }) => ({
    ...(!allLeased && { api_key_rate_buckets: 1 }),
    entity_usage_deltas: 1,
    lead_intake: n,
    job_outbox: 1,
  }),
};

type BatchCost = { items: number; leasedItems: number; statements: string[]; rowsWritten: Record<string, number> };

// This transaction's writes so far per table, plus any of the session's earlier ones PostgreSQL
// has not yet flushed to its statistics: read before and after the batch, the difference is the batch.
const ROWS_WRITTEN = `select relname, (n_tup_ins + n_tup_upd + n_tup_del)::int as rows from pg_stat_xact_user_tables`;

async function rowsWrittenBy(client: pg.PoolClient): Promise<Map<string, number>> {
  const { rows } = await client.query<{ relname: string; rows: number }>(ROWS_WRITTEN);
  return new Map(rows.map((row) => [row.relname, row.rows]));
}

/**
 * Watches the app's own pool: every query it sends while `record` runs, and for each accept
 * batch what PostgreSQL did for it. The batch's transaction runs as it would (acceptBatchIn; the
 * wait for the disk after it writes no row), in a transaction that also reads its statistics
 * before it commits; auto_explain reports every statement executed, nested ones included (a
 * notice each).
 */
function watchPool(pool: pg.Pool) {
  const queries: string[] = [];
  const batches: BatchCost[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  async function acceptWatched(config: pg.QueryConfig): Promise<pg.QueryResult> {
    const client = await pool.connect();
    const statements: string[] = [];
    const onNotice = (notice: { message?: string }) => {
      const text = /Query Text: ([^\n]*)/.exec(notice.message ?? '')?.[1];
      if (text) statements.push(text.trim());
    };
    try {
      await client.query('begin');
      const before = await rowsWrittenBy(client);
      await client.query(`load 'auto_explain'; set local auto_explain.log_min_duration = 0;
        set local auto_explain.log_nested_statements = on; set local auto_explain.log_level = notice`);
      client.on('notice', onNotice);
      const result = await acceptBatchIn(client, config);
      client.off('notice', onNotice);
      await client.query('set local auto_explain.log_min_duration = -1');
      const after = await rowsWrittenBy(client);
      await client.query('commit');
      const items = JSON.parse(String(config.values![0])) as Array<{ rate_tokens?: number }>;
      batches.push({
        items: items.length,
        leasedItems: items.filter((item) => item.rate_tokens !== undefined).length,
        statements,
        rowsWritten: Object.fromEntries(
          [...after].flatMap(([table, rows]) =>
            rows > (before.get(table) ?? 0) ? [[table, rows - (before.get(table) ?? 0)]] : [],
          ),
        ),
      });
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.off('notice', onNotice);
      client.release();
    }
  }
  (pool as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as pg.QueryConfig).text;
    queries.push(text);
    return (config as pg.QueryConfig).name === 'accept_notifications'
      ? acceptWatched(config as pg.QueryConfig)
      : query(config, ...rest);
  };
  return {
    async record(run: () => Promise<void>): Promise<{ queries: string[]; batches: BatchCost[] }> {
      queries.length = 0;
      batches.length = 0;
      await run();
      return { queries: [...queries], batches: [...batches] };
    },
  };
}

let app: TestApp;
beforeAll(async () => {
  // Endpoints on loopback, never contacted: registering one does not reach it, and this test
  // counts what happens before the 202s, not what the worker sends afterwards.
  app = await startTestApp({
    NOTIFY_RATE_LIMIT: '1000',
    NOTIFY_RATE_BURST: '1000',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  });
});
afterAll(async () => app?.close());

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

/** Sends a lead through the owner's key and a new flow, once the process remembers both. */
async function siteOf(owner: Owner) {
  const flowId = await createFlow(owner.client);
  const site = createHttpClient(app, { bearer: owner.apiKey });
  const notify = (name: string) => site.post('/v1/notify', { flowId, data: { name } });
  // The first request reads the key and the flow; the process remembers them (decision 020).
  expect((await notify('Warm-up')).status).toBe(202);
  return notify;
}

/** Sends `leads` at once through `notify`; checks each batch's cost against INGEST_BUDGET. */
async function sendWithinBudget(notify: (name: string) => Promise<{ status: number }>, leads = 12) {
  const watched = watchPool(app.pool);
  const { queries, batches } = await watched.record(async () => {
    const answers = await Promise.all(Array.from({ length: leads }, (_, index) => notify(`Lead ${index}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(leads).fill(202));
  });

  expect(batches.reduce((sum, batch) => sum + batch.items, 0)).toBe(leads);
  const accepts = queries.filter((text) => text.includes('leadbell_accept_notifications_durably'));
  expect(accepts).toHaveLength(batches.length * INGEST_BUDGET.roundTripsPerBatch);
  // Besides its batches, ingestion only leases a hot key's tokens (decision 059), in a statement of
  // its own: the workers hear of a batch from its own transaction (decision 088).
  const others = queries.filter((text) => !accepts.includes(text));
  expect(others.every((text) => text.includes('leadbell_lease_rate_tokens'))).toBe(true);
  for (const batch of batches) {
    const budgeted = INGEST_BUDGET.statementsPerBatch.length + batch.items * INGEST_BUDGET.statementsPerLead.length;
    // On failure the message lists what ran, one query's first line each.
    expect(batch.statements, batch.statements.join('\n')).toHaveLength(budgeted);
    expect(batch.rowsWritten).toEqual(
      INGEST_BUDGET.rowsWritten(batch.items, { allLeased: batch.leasedItems === batch.items }),
    );
  }
  return batches;
}

/** Sends 12 leads at once, after a first that has the process remember the key and the flow. */
async function expectEachBatchWithinBudget(owner: Owner): Promise<void> {
  const batches = await sendWithinBudget(await siteOf(owner));
  expect(batches.some((batch) => batch.items > 1)).toBe(true);
  // Thirteen requests do not make a key hot: each batch charged its bucket.
  expect(batches.every((batch) => batch.leasedItems === 0)).toBe(true);
}

describe('ingestion › the budget of one batch', () => {
  it('plain leads: one round trip, the budgeted statements and the budgeted rows, whatever the batch size', async () => {
    await expectEachBatchWithinBudget(await onboardedOwner(app, { plan: 'pro' }));
  });

  it('a hot key: once its process holds a lease of its tokens, a batch leaves the key’s bucket alone', async () => {
    const notify = await siteOf(await onboardedOwner(app, { plan: 'pro' }));
    const leasedBatches: number[] = [];
    // The lease is asked for by the sixteenth request and arrives on its own: a few waves see it.
    for (let wave = 0; wave < 20 && leasedBatches.length === 0; wave += 1)
      for (const batch of await sendWithinBudget(notify, 24))
        if (batch.leasedItems === batch.items) leasedBatches.push(batch.items);
    expect(leasedBatches.length).toBeGreaterThan(0);
  });

  it('with every channel on (a webhook, Slack, Telegram and texts for every lead): the same budget (issue 27)', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const endpoint = await owner.client.post('/v1/webhook-endpoints', {
      url: 'http://127.0.0.1:9/crm',
      events: ['lead.created'],
    });
    expect(endpoint.status).toBe(201);
    expect((await owner.client.put('/v1/integrations/slack', { url: 'http://127.0.0.1:9/slack' })).status).toBe(200);
    // A linked chat and a verified number, as their own flows leave them (telegram and sms tests).
    const userId = (await owner.client.get('/v1/me')).body.user.id as string;
    await app.pool.query('insert into telegram_links (user_id, entity_id, chat_id) values ($1, $2, 4242)', [
      userId,
      owner.entityId,
    ]);
    await app.pool.query(
      "insert into member_phones (user_id, phone, verified_at) values ($1, '+447911123456', now())",
      [userId],
    );
    await app.pool.query("insert into delivery_preferences (user_id, sms) values ($1, 'all')", [userId]);
    await expectEachBatchWithinBudget(owner);
    // Every channel was on for these leads: the worker made their deliveries afterwards.
    const channelsReached = async () =>
      (
        await app.pool.query<{ channel: string }>(
          `select distinct channel from deliveries where entity_id = $1
           union select distinct 'endpoint ' || endpoint_id from webhook_deliveries where entity_id = $1`,
          [owner.entityId],
        )
      ).rows.length;
    // email, telegram, sms, and the two endpoints (the webhook and Slack's).
    await expect.poll(channelsReached).toBe(5);
  });
});
