import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_ALERT_PERCENTS } from '@leadbell/shared/billing';
import { otherBusinessesSql } from '../../test/other-businesses.ts';
import { createFlow, notify, onboardedOwner } from '../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { WORKER_VERDICT } from '../features/spam/spam-score.ts';
import { DELIVERY_LEASE_SECONDS } from '../jobs/take-outbox.ts';
import type { LeadPathPart } from './client.ts';

// Issue 45, "no cold minute": a new installation's first leads use the plans its ten-thousandth
// will. The hot statements are planned once per connection with planner settings that leave one
// plan shape whatever the statistics say (90-planned-once.sql). This test reads the plan of every
// statement the accept, the take and a lane's claim run, as auto_explain reports them, on a fresh
// database and again after 10,000 leads and an ANALYZE, and finds them the same.

let app: TestApp;
let stub: PushServiceStub;
beforeAll(async () => {
  stub = await startPushServiceStub();
  // No worker: the test takes the outbox itself, on a connection whose plans it reads.
  app = await startTestApp({ DELIVERY_WORKER: 'false', PUSH_SERVICE_HOSTS: stub.host, NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
});

/**
 * How a plan reaches each table: by which index, by row id, or by reading it whole (without a
 * condition, through an index or not). What a lead costs grows with the tables only through
 * these; join order and the nodes between them (a sort, a materialized inner side) follow the
 * estimates and cost the same few rows either way.
 */
function accessPathsOf(plan: Record<string, unknown>, paths = new Set<string>()): Set<string> {
  const node = plan['Node Type'] as string;
  const relation = plan['Relation Name'] as string | undefined;
  const children = (plan.Plans as Array<Record<string, unknown>> | undefined) ?? [];
  if (relation && node !== 'ModifyTable') {
    if (node === 'Bitmap Heap Scan')
      for (const index of bitmapIndexesOf(children)) paths.add(`${relation} by ${index}`);
    else if (plan['Index Name'])
      paths.add(`${relation} by ${plan['Index Name'] as string}${plan['Index Cond'] ? '' : ' whole'}`);
    else paths.add(`${relation} ${node === 'Tid Scan' ? 'by row id' : 'whole'}`);
  }
  for (const child of children)
    if (!/^Bitmap(And|Or| Index Scan)/.test(child['Node Type'] as string)) accessPathsOf(child, paths);
  return paths;
}

/** The indexes under a bitmap heap scan, through any BitmapAnd or BitmapOr. */
function bitmapIndexesOf(nodes: Array<Record<string, unknown>>): string[] {
  return nodes.flatMap((node) =>
    node['Index Name']
      ? [node['Index Name'] as string]
      : bitmapIndexesOf((node.Plans as Array<Record<string, unknown>> | undefined) ?? []),
  );
}

/**
 * A connection that reports the plan of every statement it runs, nested ones included (auto_explain
 * at NOTICE, in JSON), keyed by the statement's text.
 */
async function explainingConnection() {
  const client = new pg.Client({ connectionString: await databaseUrlOf(app.pool) });
  await client.connect();
  const plans = new Map<string, string>();
  client.on('notice', (notice) => {
    const text = notice.message ?? '';
    const start = text.indexOf('{');
    if (start < 0) return;
    const explained = JSON.parse(text.slice(start)) as { 'Query Text': string; Plan: Record<string, unknown> };
    plans.set(
      explained['Query Text'].replace(/\s+/g, ' ').trim(),
      [...accessPathsOf(explained.Plan)].sort().join(', '),
    );
  });
  await client.query(`load 'auto_explain'`);
  await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
                      set auto_explain.log_format = json; set auto_explain.log_level = notice`);
  return { client, plans };
}

async function databaseUrlOf(pool: pg.Pool): Promise<string> {
  const options = (pool as unknown as { options: { connectionString: string } }).options;
  return options.connectionString;
}

/**
 * One real accept batch's item, captured from the app's own call (accept-batcher.ts), repeated
 * `size` times: the arguments of leadbell_accept_notifications_within_rate, with a rate no batch
 * here exceeds.
 */
function captureAcceptBatch(pool: pg.Pool, size: number): Promise<unknown[]> {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  return new Promise((resolve) => {
    (pool as { query: unknown }).query = (config: pg.QueryConfig, ...rest: unknown[]) => {
      if (config?.name === 'accept_notifications') {
        (pool as { query: unknown }).query = query;
        const [item] = JSON.parse(config.values![0] as string) as Array<Record<string, unknown>>;
        const items = Array.from({ length: size }, (_, index) => ({ ...item, item: index }));
        resolve([JSON.stringify(items), 1_000_000, 1_000_000]);
      }
      return query(config, ...rest);
    };
  });
}

/** A new business with a device sends its first lead; its accept batch, repeated `size` times. */
async function firstLeadsBatch(size: number): Promise<unknown[]> {
  const owner = await onboardedOwner(app, { plan: 'elite' });
  const flowId = await createFlow(owner.client);
  const device = stub.createSubscription();
  expect((await owner.client.post('/v1/push-subscriptions', device.subscription)).status).toBe(201);
  const captured = captureAcceptBatch(app.pool, size);
  await notify(app, owner.apiKey, { flowId, data: { name: 'First' } });
  return captured;
}

// Settled at once (no wait): the settle's statements run per lead too (decision 069).
const TAKE = `select * from leadbell_take_outbox(500, 32, ${DELIVERY_LEASE_SECONDS}, 0, '${JSON.stringify(WORKER_VERDICT)}')`;
const SETTLE = `select * from leadbell_settle_leads(500, '{${USAGE_ALERT_PERCENTS.join(',')}}')`;
const CLAIM = `select * from leadbell_delivery_targets(array(
  select id from leadbell_claim_due_deliveries('push', 64, ${DELIVERY_LEASE_SECONDS})))`;

/**
 * What a lead meets on its way, by the part of the path each pool runs and plans as its connections
 * open (85-warm-up.sql): the accept (the captured batch), the take and the settle, a claim and a record.
 */
const LEADS_PATH: Record<LeadPathPart, (client: pg.Client, batch: unknown[], accepts: number) => Promise<void>> = {
  async accept(client, batch, accepts) {
    for (let index = 0; index < accepts; index += 1)
      await client.query('select * from leadbell_accept_notifications_within_rate($1, $2, $3)', batch);
  },
  async take(client) {
    await client.query(TAKE);
    await client.query(SETTLE);
  },
  async deliver(client) {
    const { rows } = await client.query<{ deliveryId: string; entityId: string; notificationId: string }>(CLAIM);
    const delivered = rows.slice(0, 10);
    await client.query(
      `select leadbell_record_settled_attempts($1::uuid[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[],
         $7::uuid[], 'leadbell_delivery_events', $8::uuid[], $9::text[])`,
      [
        delivered.map((row) => row.deliveryId),
        delivered.map(() => 0),
        delivered.map(() => 'delivered'),
        delivered.map(() => null),
        delivered.map(() => 201),
        delivered.map(() => 5),
        delivered.map(() => null),
        delivered.map((row) => row.notificationId),
        delivered.map((row) => `${row.entityId} ${row.notificationId}`),
      ],
    );
  },
};

/**
 * An open console's reads (75-live-feed.sql), which every lead's path runs too: its business's new
 * leads (here every business's) and, once pushed, a lead's deliveries (here ten leads').
 */
const LIVE_READS = [
  `select * from leadbell_live_notifications_after(
     array(select id from entities order by id), array(select 0::bigint from entities order by id), 100)`,
  `select * from leadbell_live_delivery_events(array(select id from notifications order by id limit 10),
                                               array(select entity_id from notifications order by id limit 10))`,
];

/** Whether a statement is one of this test's own calls of the functions, which are not the lead's path. */
const isTestsOwnCall = (text: string) => /^select (\* from leadbell_|leadbell_record_settled_attempts\()/.test(text);

/** Runs the whole of a lead's path on `client`, `accepts` accept batches first, and a console's reads of it. */
async function leadsPath(client: pg.Client, batch: unknown[], accepts: number) {
  for (const part of Object.values(LEADS_PATH)) await part(client, batch, accepts);
  for (const read of LIVE_READS) await client.query(read);
}

describe('planned once › no cold minute (issue 45)', () => {
  it(
    'the accept, the take, a claim and a console plan every statement alike on a fresh database and after 10,000 leads',
    { timeout: 180_000 },
    async () => {
      const batch = await firstLeadsBatch(50);
      // Statistics of a young installation's nearly empty tables, as autovacuum takes them in its
      // first minute (the embedded PostgreSQL looks every 10 s): a plan made with them sees every
      // table as a row or two, where reading one whole costs no more than finding its row.
      await app.pool.query('analyze');

      const fresh = await explainingConnection();
      await leadsPath(fresh.client, batch, 1);
      await fresh.client.end();

      // 10,000 leads through the same functions, their deliveries claimed and left pending, then
      // statistics for every table as a long-running installation has them.
      const load = await explainingConnection();
      await load.client.query(`set auto_explain.log_min_duration = -1`);
      for (let round = 0; round < 10; round += 1) await leadsPath(load.client, batch, 20);
      // Other businesses, as a shared installation holds them: the plans made with these
      // statistics must reach a lead's rows as those made on the fresh database did.
      await load.client.query(otherBusinessesSql(2000));
      await load.client.query('analyze');
      const { rows } = await load.client.query<{ leads: number }>('select count(*)::int as leads from notifications');
      expect(rows[0]!.leads).toBeGreaterThanOrEqual(10_000);
      await load.client.end();

      const warm = await explainingConnection();
      await leadsPath(warm.client, batch, 1);
      await warm.client.end();

      // The statements that decide a lead's cost: the accept's, the take's, the fan-out's, the settle's,
      // the claim's and the open consoles' read.
      const compared = [...fresh.plans.keys()].filter((text) => warm.plans.has(text) && !isTestsOwnCall(text));
      for (const statement of [
        'INSERT INTO lead_intake',
        'INSERT INTO notifications',
        'INSERT INTO deliveries',
        'FROM deliveries d WHERE d.status',
        'FROM spam_marks m',
        'INSERT INTO lead_search',
        'UPDATE flows f',
        'CROSS JOIN LATERAL leadbell_delivery_counts',
      ])
        expect(
          compared.some((text) => text.includes(statement)),
          statement,
        ).toBe(true);
      // Nothing on a lead's path reads a table whole, whatever the installation holds, but what is
      // read whole by design: the queue of what waits to be taken (job_outbox), the
      // changes appended for the settle to fold (entity_usage_deltas, lead_stats_deltas), the
      // one-row position table.
      const wholeByDesign = /^(job_outbox|entity_usage_deltas|lead_stats_deltas|notification_positions) /;
      const readWhole = [...fresh.plans, ...warm.plans]
        .filter(([text]) => !isTestsOwnCall(text))
        .flatMap(([text, paths]) =>
          paths
            .split(', ')
            .filter((path) => path.endsWith(' whole') && !wholeByDesign.test(path))
            .map((path) => `${path}: ${text.slice(0, 100)}`),
        );
      expect([...new Set(readWhole)]).toEqual([]);
      const differing = compared.filter((text) => fresh.plans.get(text) !== warm.plans.get(text));
      expect(
        differing.map((text) => ({
          text: text.slice(0, 120),
          fresh: fresh.plans.get(text),
          warm: warm.plans.get(text),
        })),
      ).toEqual([]);
    },
  );
});

describe('warm connections › a connection plans the lead’s path before its first lead (issue 45, decision 090)', () => {
  it('each pool’s warm-up runs every statement of its part: the accept, the take and the settle, a claim and a record', async () => {
    const batch = await firstLeadsBatch(1);

    let ran = 0;
    const unplanned: string[] = [];
    for (const [part, runPart] of Object.entries(LEADS_PATH)) {
      const connection = await explainingConnection();
      await connection.client.query(`begin; select leadbell_warm_up('{${part}}'); rollback`);
      const warmedUp = new Set(connection.plans.keys());
      connection.plans.clear();
      await runPart(connection.client, batch, 1);
      await connection.client.end();
      const ranByTheLead = [...connection.plans.keys()].filter((text) => !isTestsOwnCall(text));
      ran += ranByTheLead.length;
      // What only a row that exists runs, which a warm-up that changes nothing cannot have:
      // PostgreSQL's own foreign-key checks as a lead and its deliveries are written, and the
      // take-in's wake-up of the consoles of the businesses whose leads it moved. Each is a one-row plan.
      const onlyForRows = [/ FOR KEY SHARE OF x$/, /^SELECT pg_notify\('leadbell_notifications'/];
      unplanned.push(
        ...ranByTheLead
          .filter((text) => !warmedUp.has(text) && !onlyForRows.some((pattern) => pattern.test(text)))
          .map((text) => `${part}: ${text.slice(0, 160)}`),
      );
    }
    expect(ran).toBeGreaterThan(40);
    expect(unplanned).toEqual([]);
  });

  it('holds no row the worker takes, and leaves nothing behind', async () => {
    const owner = await onboardedOwner(app, { plan: 'elite' });
    const flowId = await createFlow(owner.client);
    await notify(app, owner.apiKey, { flowId, data: { name: 'Waiting' } });
    const url = await databaseUrlOf(app.pool);
    const [warming, worker] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([warming.connect(), worker.connect()]);
    const state = async () =>
      (
        await worker.query(`select (select count(*) from job_outbox)::int as outbox,
                                   (select count(*) from lead_intake)::int as intake,
                                   (select count(*) from notifications)::int as leads,
                                   (select count(*) from deliveries)::int as deliveries,
                                   (select coalesce(sum(notification_count), 0)::int from flows) as counted`)
      ).rows[0] as Record<string, number>;
    const before = await state();
    expect(before.outbox).toBeGreaterThan(0);

    await warming.query(`begin; select leadbell_warm_up('{accept,take,deliver}')`);
    // What the take would lock: every waiting row is free while the warm-up's transaction is open.
    const { rows } = await worker.query<{ free: number }>(
      'select count(*)::int as free from (select id from job_outbox for update skip locked) waiting',
    );
    expect(rows[0]!.free).toBe(before.outbox);
    await warming.query('rollback');
    expect(await state()).toEqual(before);
    await Promise.all([warming.end(), worker.end()]);
  });
});
