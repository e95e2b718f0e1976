import { randomUUID as uuid } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { DELIVER_NOTIFICATION_QUEUE } from './deliver-notification.job.ts';
import { QUEUE_RETRY } from './job-registry.ts';

// What delivery-queue.ts, the metrics, the test clock and the benchmarks rely on from pg-boss
// (pinned exactly in package.json, decision 034), tried on pg-boss itself, configured as
// startDeliveryQueue configures it: an upgrade that changes any of it fails here by name.

const QUEUE = DELIVER_NOTIFICATION_QUEUE;
// Expires after a second, for the crash-recovery case without waiting 20 s.
const SHORT_EXPIRY_QUEUE = 'contract-short-expiry';

let database: { url: string };
let pool: pg.Pool;
let boss: PgBoss;

/** Runs pg-boss's SQL on one client: inside whatever transaction that client has open. */
function executorOn(client: pg.PoolClient): PgBoss.Db {
  return { executeSql: (text, values) => client.query(text, values) };
}

async function jobRow(id: string) {
  const { rows } = await pool.query(
    `select name, data, state, retry_count, retry_limit, retry_delay, retry_backoff,
            extract(epoch from expire_in)::int as expire_seconds,
            to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as start_after,
            start_after <= now() as is_due
       from pgboss.job where id = $1`,
    [id],
  );
  return rows[0];
}

async function insertOne(job: Omit<PgBoss.JobInsert, 'name'> & { id: string }, name = QUEUE): Promise<void> {
  await boss.insert([{ name, ...job }]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schedule: false,
    supervise: false,
  });
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue(QUEUE, { name: QUEUE, ...QUEUE_RETRY });
  await boss.createQueue(SHORT_EXPIRY_QUEUE, { name: SHORT_EXPIRY_QUEUE, expireInSeconds: 1, retryDelay: 0 });
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await pool?.end();
});

describe('pg-boss › what we rely on', () => {
  it('the job table has the columns we read and write, and the job states we name', async () => {
    const { rows: columns } = await pool.query<{ column_name: string; udt_name: string }>(
      `select column_name, udt_name from information_schema.columns
        where table_schema = 'pgboss' and table_name = 'job'`,
    );
    expect(Object.fromEntries(columns.map((column) => [column.column_name, column.udt_name]))).toMatchObject({
      id: 'uuid',
      name: 'text',
      data: 'jsonb',
      state: 'job_state',
      start_after: 'timestamptz',
    });
    const { rows: states } = await pool.query<{ label: string }>(
      `select enumlabel as label from pg_enum where enumtypid = 'pgboss.job_state'::regtype`,
    );
    expect(states.map((state) => state.label)).toEqual(
      expect.arrayContaining(['created', 'retry', 'active', 'completed', 'failed']),
    );
  });

  it('insert with a db executor writes through it only: the jobs exist exactly when that transaction commits', async () => {
    const client = await pool.connect();
    try {
      const [rolledBack, committed] = [uuid(), uuid()];
      await client.query('begin');
      await boss.insert([{ id: rolledBack, name: QUEUE, data: { kind: 'test' } }], { db: executorOn(client) });
      expect(await jobRow(rolledBack)).toBeUndefined();
      await client.query('rollback');
      expect(await jobRow(rolledBack)).toBeUndefined();

      await client.query('begin');
      await boss.insert([{ id: committed, name: QUEUE, data: { kind: 'test' } }], { db: executorOn(client) });
      expect(await jobRow(committed)).toBeUndefined();
      await client.query('commit');
      expect(await jobRow(committed)).toMatchObject({ name: QUEUE, data: { kind: 'test' }, state: 'created' });
    } finally {
      client.release();
    }
  });

  it('a job takes its queue’s retry and expiry policy (createQueue options) and keeps its data as given', async () => {
    const id = uuid();
    const data = { kind: 'deliveries', deliveryIds: [uuid(), uuid()], note: 'ünïcode ✓' };
    await insertOne({ id, data });
    expect(await jobRow(id)).toMatchObject({
      data,
      retry_limit: QUEUE_RETRY.retryLimit,
      retry_delay: QUEUE_RETRY.retryDelay,
      retry_backoff: QUEUE_RETRY.retryBackoff,
      expire_seconds: QUEUE_RETRY.expireInSeconds,
    });
  });

  it('a startAfter ending in Z is that very instant, to the microsecond; without one the job is due now', async () => {
    const [later, now] = [uuid(), uuid()];
    await insertOne({ id: later, startAfter: '2099-01-02T03:04:05.123456Z' });
    await insertOne({ id: now });
    expect(await jobRow(later)).toMatchObject({ start_after: '2099-01-02T03:04:05.123456Z', is_due: false });
    expect(await jobRow(now)).toMatchObject({ is_due: true });
  });

  it('an id already queued is not queued again (the first attempt’s job id is its delivery id)', async () => {
    const id = uuid();
    await insertOne({ id, data: { first: true } });
    await insertOne({ id, data: { first: false } });
    expect(await jobRow(id)).toMatchObject({ data: { first: true } });
    expect((await pool.query('select count(*)::int as count from pgboss.job where id = $1', [id])).rows[0].count).toBe(
      1,
    );
  });

  it('a job is due by PostgreSQL’s clock: fetch skips it until its start_after is moved to the past', async () => {
    const name = `contract-due-${uuid()}`;
    await boss.createQueue(name, { name });
    const id = uuid();
    await insertOne({ id, startAfter: new Date(Date.now() + 3_600_000).toISOString() }, name);
    expect(await boss.fetch(name)).toEqual([]);
    await pool.query(`update pgboss.job set start_after = now() - interval '1 second' where id = $1`, [id]);
    expect((await boss.fetch(name)).map((job) => job.id)).toEqual([id]);
  });

  it('fetch hands each due job out once with its id and data; complete takes many ids; fail queues a retry', async () => {
    const name = `contract-run-${uuid()}`;
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 60, retryBackoff: true });
    const ids: string[] = [uuid(), uuid(), uuid()];
    for (const [index, id] of ids.entries()) await insertOne({ id, data: { index } }, name);

    const first = await boss.fetch<{ index: number }>(name, { batchSize: 2 });
    const second = await boss.fetch<{ index: number }>(name, { batchSize: 2 });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    const fetched = [...first, ...second];
    expect(fetched.map((job) => job.id).sort()).toEqual([...ids].sort());
    for (const job of fetched) expect(job.data).toEqual({ index: ids.indexOf(job.id) });
    expect(await jobRow(ids[0]!)).toMatchObject({ state: 'active' });
    expect(await boss.fetch(name)).toEqual([]);

    await boss.complete(name, [ids[0]!, ids[1]!]);
    await boss.fail(name, ids[2]!, { message: 'handler threw' });
    expect(await jobRow(ids[0]!)).toMatchObject({ state: 'completed' });
    expect(await jobRow(ids[1]!)).toMatchObject({ state: 'completed' });
    // Counted when it is fetched again.
    expect(await jobRow(ids[2]!)).toMatchObject({ state: 'retry', retry_count: 0, is_due: false });
  });

  it('fetch reads due jobs in its order from our index (delivery-queue.ts), not by sorting all that wait', async () => {
    await boss.insert(Array.from({ length: 2_000 }, (_, index) => ({ name: QUEUE, data: { index } })));
    await pool.query('analyze pgboss.job');
    type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Sort Key'?: string[]; Plans?: PlanNode[] };
    const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
    try {
      const [explained] = await boss.fetch<unknown>(QUEUE, {
        batchSize: 32,
        db: { executeSql: (text, values) => pool.query(`explain (format json) ${text}`, values) },
      });
      const nodes = nodesOf(
        (explained as unknown as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan,
      );
      expect(nodes.some((node) => node['Index Name']?.includes('name_priority_created_on_id'))).toBe(true);
      expect(nodes.filter((node) => node['Sort Key']?.some((key) => key.includes('priority')))).toEqual([]);
    } finally {
      await pool.query('delete from pgboss.job');
    }
  });

  it('an active job past its expiry is retried by maintenance: a crashed worker’s job runs again', async () => {
    const id = uuid();
    await insertOne({ id, data: { kind: 'test' } }, SHORT_EXPIRY_QUEUE);
    expect((await boss.fetch(SHORT_EXPIRY_QUEUE)).map((job) => job.id)).toEqual([id]);
    await sleep(1_500);
    await boss.maintain();
    expect(await jobRow(id)).toMatchObject({ state: 'retry', is_due: true });
    expect((await boss.fetch(SHORT_EXPIRY_QUEUE)).map((job) => job.id)).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ state: 'active', retry_count: 1 });
  });
});
