import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { QUEUE_OF_LANE } from './deliver-notification.job.ts';
import { startDeliveryQueue, type DeliveryQueue } from './delivery-queue.ts';
import type { JobPayload } from './job-registry.ts';
import { OUTBOX_WAKE_UP } from './wake-delivery-workers.ts';

// Decision 034: our SQL queues jobs in job_outbox; the worker moves them into pg-boss (its public
// insert) before it fetches, each exactly once, whichever process moves them. A lead's deliveries
// are not jobs (decision 067): deliveries.integration.test.ts and crash-safety.integration.test.ts.

let database: { url: string };
let pool: pg.Pool;
const queues: DeliveryQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await pool.query('delete from job_outbox');
  await pool.query('delete from job_outbox_set_aside');
  await pool.query('delete from pgboss.job');
});

afterAll(async () => {
  await pool?.end();
});

/**
 * A worker on a queue of its own (as one server process runs), woken by the returned function
 * with a NOTIFY's payload ('' unless a test says: any lane may have jobs).
 * `fail`: whether the handler throws for this payload. `handleChannel`: the handler of every channel's lane.
 * `holdPush`: what a push-lane job waits for before it ends (nothing unless a test says).
 */
async function startWorker(
  handled: JobPayload[],
  fail: (payload: JobPayload) => boolean = () => false,
  handleChannel: (payload: JobPayload) => Promise<void> = async () => {
    throw new Error('no channels-lane job expected');
  },
  holdPush: (payload: JobPayload) => Promise<void> = async () => {},
): Promise<(payload?: string) => void> {
  const queue = await startDeliveryQueue({
    databaseUrl: database.url,
    log: pino({ level: 'silent' }),
    supervise: false,
  });
  queues.push(queue);
  const listeners = new Set<(payload: string) => void>();
  queue.startWorker({
    handlers: {
      push: async (payload) => {
        handled.push(payload);
        if (fail(payload)) throw new Error('the handler failed');
        await holdPush(payload);
      },
      webhooks: handleChannel,
      telegram: handleChannel,
      sms: handleChannel,
    },
    // No deliveries here: these tests queue jobs; a lead's deliveries are the deliveries tests'.
    senders: { push: noDeliveries, telegram: noDeliveries, sms: noDeliveries },
    subscribeWakeUps: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return (payload = '') => {
    for (const listener of listeners) listener(payload);
  };
}

async function noDeliveries(): Promise<void> {
  throw new Error('no deliveries expected');
}

/** Webhook jobs, as the worker's intake queues them for lead.created: the webhooks lane's. */
async function queueWebhookJobsInOutbox(count: number): Promise<void> {
  await pool.query(
    `insert into job_outbox (data)
     select jsonb_build_object('kind', 'webhook', 'deliveryId', gen_random_uuid(), 'attempt', 0) from generate_series(1, $1)`,
    [count],
  );
}

/** A lead's Telegram messages' job, as leadbell_queue_deliveries queues it: the telegram lane's. */
async function queueTelegramJobInOutbox(): Promise<void> {
  await pool.query(`insert into job_outbox (data)
    values (jsonb_build_object('kind', 'deliveries', 'deliveryIds', jsonb_build_array(gen_random_uuid()), 'lane', 'telegram'))`);
}

async function queueInOutbox(count: number, startAfter = 'now()'): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await pool.query(
    `insert into job_outbox (data, start_after)
     select jsonb_build_object('kind', 'test', 'subscriptionId', id), ${startAfter} from unnest($1::uuid[]) as id`,
    [ids],
  );
  return ids;
}

async function outboxCount(): Promise<number> {
  return (await pool.query('select count(*)::int as count from job_outbox')).rows[0].count as number;
}

describe('delivery queue › jobs queued by our SQL', () => {
  it('reach the handler through pg-boss, each once, and leave job_outbox empty', async () => {
    const handled: JobPayload[] = [];
    const wake = await startWorker(handled);
    const ids = await queueInOutbox(3);
    wake();
    await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(3);
    expect(handled.map((payload) => (payload.kind === 'test' ? payload.subscriptionId : null)).sort()).toEqual(
      [...ids].sort(),
    );
    expect(await outboxCount()).toBe(0);
  });

  it('a row that fails every take for what is in it is set aside with its error, and the jobs behind it run (decision 062)', async () => {
    const handled: JobPayload[] = [];
    const wake = await startWorker(handled);
    // An intake whose lead id is no uuid: the take fails on it whenever it is among the rows taken.
    await pool.query(`insert into job_outbox (data) values ('{"kind": "intake", "notificationIds": ["not-a-uuid"]}')`);
    const ids = await queueInOutbox(3);
    wake();
    await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(3);
    expect(handled.map((payload) => (payload.kind === 'test' ? payload.subscriptionId : null)).sort()).toEqual(
      [...ids].sort(),
    );
    const { rows } = await pool.query<{ data: { notificationIds: string[] }; error: string }>(
      'select data, error from job_outbox_set_aside',
    );
    expect(rows).toEqual([
      { data: { kind: 'intake', notificationIds: ['not-a-uuid'] }, error: expect.stringMatching(/^22P02 .*uuid/) },
    ]);
    expect(await outboxCount()).toBe(0);
  });

  it('a row set aside is tried again when a server starts: one that now passes runs, one that still fails is set aside again', async () => {
    // As an earlier release left them: one its bug failed on, which this release runs, and one still bad.
    const passes = randomUUID();
    await pool.query(
      `insert into job_outbox_set_aside (data, start_after, error) values
         (jsonb_build_object('kind', 'test', 'subscriptionId', $1::text), now(), '23505 an earlier release''s bug'),
         ('{"kind": "intake", "notificationIds": ["not-a-uuid"]}', now(), '22P02 invalid input syntax for type uuid')`,
      [passes],
    );
    const handled: JobPayload[] = [];
    const wake = await startWorker(handled);
    wake();
    await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(1);
    expect(handled[0]).toMatchObject({ kind: 'test', subscriptionId: passes });
    await expect
      .poll(async () => (await pool.query('select data, error from job_outbox_set_aside')).rows, { timeout: 5_000 })
      .toEqual([
        { data: { kind: 'intake', notificationIds: ['not-a-uuid'] }, error: expect.stringMatching(/^22P02 .*uuid/) },
      ]);
    expect(await outboxCount()).toBe(0);
  });

  it('a wake-up for accepted leads runs all they queued: push jobs past the free slots, and the other lanes’ jobs', async () => {
    const handled: JobPayload[] = [];
    const telegram: JobPayload[] = [];
    const wake = await startWorker(handled, undefined, async (payload) => void telegram.push(payload));
    // More than the push lane's 32 slots: those it cannot run at once wait in pg-boss for a fetch.
    const ids = await queueInOutbox(50);
    await queueTelegramJobInOutbox();
    wake(OUTBOX_WAKE_UP);
    await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(50);
    expect(new Set(handled.map((payload) => (payload.kind === 'test' ? payload.subscriptionId : null)))).toEqual(
      new Set(ids),
    );
    await expect.poll(() => telegram.length, { timeout: 5_000 }).toBe(1);
    expect(await outboxCount()).toBe(0);
  });

  it('a busy push lane fetches its backlog in batches: a freed slot waits until half the slots are free, then they fill together (issue 23)', async () => {
    const handled: JobPayload[] = [];
    const releases: Array<() => void> = [];
    const wake = await startWorker(
      handled,
      undefined,
      undefined,
      () => new Promise((resolve) => releases.push(resolve)),
    );
    // 32 run at once, fetched after the take; 18 wait in pg-boss, due now.
    await queueInOutbox(50);
    wake(OUTBOX_WAKE_UP);
    await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(32);
    releases.splice(0, 1)[0]!();
    // Past the 1 s poll too: one free slot of 32 fetches nothing.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(handled).toHaveLength(32);
    for (const release of releases.splice(0, 15)) release();
    // Sixteen free: one fetch fills them from the 18 waiting, and the last 2 wait again.
    await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(48);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handled).toHaveLength(48);
    const releaseAll = () => {
      for (const release of releases.splice(0)) release();
    };
    const releasing = setInterval(releaseAll, 20);
    try {
      await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(50);
    } finally {
      clearInterval(releasing);
      releaseAll();
    }
  });

  it('one queued for later waits in pg-boss for its very time (to the microsecond), not in job_outbox', async () => {
    const handled: JobPayload[] = [];
    const wake = await startWorker(handled);
    const [id] = await queueInOutbox(1, "'2099-01-02T03:04:05.123456Z'::timestamptz");
    wake();
    await expect.poll(outboxCount, { timeout: 5_000 }).toBe(0);
    const { rows } = await pool.query(
      `select state, to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as start_after
         from pgboss.job where data->>'subscriptionId' = $1`,
      [id],
    );
    expect(rows).toEqual([{ state: 'created', start_after: '2099-01-02T03:04:05.123456Z' }]);
    expect(handled).toEqual([]);
  });

  it('two processes woken together move and run each job once', async () => {
    const handled: JobPayload[] = [];
    const wakeFirst = await startWorker(handled);
    const wakeSecond = await startWorker(handled);
    const ids = await queueInOutbox(200);
    wakeFirst();
    wakeSecond();
    await expect.poll(() => handled.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(200);
    // Anything handled twice would show up by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handled).toHaveLength(200);
    expect(new Set(handled.map((payload) => (payload.kind === 'test' ? payload.subscriptionId : null)))).toEqual(
      new Set(ids),
    );
    expect(await outboxCount()).toBe(0);
  });

  it('a job whose handler failed runs again, once', { timeout: 30_000 }, async () => {
    const handled: JobPayload[] = [];
    const wake = await startWorker(handled, () => handled.length === 1);
    const [id] = await queueInOutbox(1);
    wake();
    // pg-boss's retry is due after its backoff (QUEUE_RETRY in job-registry.ts); the poll finds it.
    await expect.poll(() => handled.length, { timeout: 20_000 }).toBe(2);
    expect(handled.map((payload) => (payload.kind === 'test' ? payload.subscriptionId : null))).toEqual([id, id]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handled).toHaveLength(2);
  });

  it('each lane runs on its own slots: with every webhook slot stuck, pushes and Telegram still run, and the stuck lane takes no more (decision 054)', async () => {
    const handled: JobPayload[] = [];
    const stuck: JobPayload[] = [];
    const telegram: JobPayload[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const wake = await startWorker(handled, undefined, async (payload) => {
      if (payload.kind !== 'webhook') return void telegram.push(payload);
      stuck.push(payload);
      await released;
    });
    try {
      await queueWebhookJobsInOutbox(40);
      wake();
      // The webhooks lane's slots fill (6 per process) and stay full; the rest wait in pg-boss.
      await expect.poll(() => stuck.length, { timeout: 5_000 }).toBe(6);
      const ids = await queueInOutbox(3);
      await queueTelegramJobInOutbox();
      wake();
      await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(3);
      expect(handled.map((payload) => (payload.kind === 'test' ? payload.subscriptionId : null)).sort()).toEqual(
        [...ids].sort(),
      );
      await expect.poll(() => telegram.length, { timeout: 5_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stuck).toHaveLength(6);
      expect(stuck.every((payload) => payload.kind === 'webhook')).toBe(true);
      const { rows } = await pool.query(
        `select name, count(*)::int as count from pgboss.job where data->>'kind' in ('webhook', 'deliveries')
          group by name order by name`,
      );
      expect(rows).toEqual([
        { name: QUEUE_OF_LANE.telegram, count: 1 },
        { name: QUEUE_OF_LANE.webhooks, count: 40 },
      ]);
    } finally {
      release();
    }
    // Freed, the lane runs the rest.
    await expect.poll(() => stuck.length, { timeout: 10_000 }).toBe(40);
  });
});
