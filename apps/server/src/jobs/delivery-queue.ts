import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { createDatabaseClient, type Database } from '../db/client.ts';
import {
  DELIVER_NOTIFICATION_QUEUE,
  DELIVER_NOTIFICATION_QUEUE_OPTIONS,
  DeliverNotificationPayloadSchema,
  type DeliverNotificationPayload,
} from './deliver-notification.job.ts';

/** NOTIFY channel that wakes delivery workers in every process when jobs commit. */
export const DELIVERY_JOBS_CHANNEL = 'leadbell_delivery_jobs';

// Jobs in flight per process: sends wait on the network, not the CPU.
const CONCURRENCY = 32;
// Only the fallback: new jobs wake workers by NOTIFY, retries this process scheduled by a timer.
const POLL_INTERVAL_MS = 2_000;
const STOP_GRACE_MS = 5_000;
// Finished jobs are marked complete in batches: one statement for many, and a job whose completion
// is lost (crash) only runs again to find its attempt already recorded.
const COMPLETE_BATCH_MS = 50;
// Fetch, read, record and complete are short; a handful of connections carries hundreds of jobs a second.
const POOL_SIZE = 5;
// Any constant shared by every Leadbell process: 'lbdq' in ASCII.
const QUEUE_SETUP_LOCK_ID = 0x6c626471;
// Jobs moved from job_outbox into pg-boss per transaction; more wait for the next fetch.
const OUTBOX_BATCH_SIZE = 500;
// Oldest first; rows another process is moving are skipped, not waited for. pg-boss reads a
// startAfter that ends in Z as that instant (anything else as an interval from now). Without
// parameters the transaction's start and the delete go in one round trip (simple protocol).
const BEGIN_TAKING_FROM_OUTBOX = `begin; delete from job_outbox
  where id in (select id from job_outbox order by id limit ${OUTBOX_BATCH_SIZE} for update skip locked)
  returning data, to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as start_after`;

export type DeliveryJob = { payload: DeliverNotificationPayload; id?: string; startAfter?: Date };

export type DeliveryWorker = {
  handle: (payload: DeliverNotificationPayload) => Promise<void>;
  /** Calls the listener whenever any process NOTIFYs DELIVERY_JOBS_CHANNEL; returns an unsubscribe. */
  subscribeWakeUps: (listener: () => void) => () => void;
};

export type DeliveryQueue = {
  /**
   * The queue's own connections, for pg-boss and the worker's queries: deliveries never wait for a
   * connection behind a burst of requests (each holding one while it waits for its entity's lock).
   */
  db: Database;
  /**
   * Enqueues through `db`, which may be an open transaction: the jobs then exist exactly when it
   * commits. Jobs due now also need a NOTIFY on DELIVERY_JOBS_CHANNEL through the same `db`
   * (see wakeDeliveryWorkers), or they wait for the next poll.
   */
  enqueue: (db: Database, jobs: DeliveryJob[]) => Promise<void>;
  startWorker: (worker: DeliveryWorker) => void;
  stop: () => Promise<void>;
};

/** Wakes the delivery workers of every process when `db` commits (at once outside a transaction). */
export async function wakeDeliveryWorkers(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${DELIVERY_JOBS_CHANNEL}, '')`);
}

/**
 * pg-boss speaks `executeSql(text, values)` with `$n` placeholders; this runs it through a Drizzle
 * database or transaction, so pg-boss writes join whatever transaction the caller is in.
 */
function executorOf(db: Database): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
      );
      const result = await db.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

/**
 * The delivery queue on pg-boss in our own PostgreSQL (schema `pgboss`).
 * Jobs are fetched by our own loop rather than pg-boss's `work()`, whose loop sleeps a polling
 * interval between batches: here a NOTIFY or a finished job triggers the next fetch at once.
 * Jobs our SQL queues (the accept function) wait in job_outbox; the worker moves them into
 * pg-boss before it fetches (decision 034).
 */
export async function startDeliveryQueue({
  databaseUrl,
  log,
  supervise,
}: {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Expire jobs of crashed processes and archive old ones; every worker process takes part. */
  supervise: boolean;
}): Promise<DeliveryQueue> {
  const { db, pool } = createDatabaseClient(databaseUrl, { max: POOL_SIZE, isCommitDurable: false });
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schedule: false,
    supervise,
    maintenanceIntervalSeconds: 10,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'delivery queue: pg-boss error'));
  // Servers starting together deadlock inside pg-boss's create_queue, so they take turns, as with migrations.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_ID]);
    await boss.start();
    await boss.createQueue(DELIVER_NOTIFICATION_QUEUE, {
      name: DELIVER_NOTIFICATION_QUEUE,
      ...DELIVER_NOTIFICATION_QUEUE_OPTIONS,
    });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_ID]).catch(() => {});
    lock.release();
  }

  let pump: () => void = () => {};
  let stopWorker: () => Promise<void> = async () => {};

  async function enqueue(target: Database, jobs: DeliveryJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await boss.insert(
      jobs.map((job) => ({
        name: DELIVER_NOTIFICATION_QUEUE,
        data: job.payload,
        ...(job.id && { id: job.id }),
        ...(job.startAfter && { startAfter: job.startAfter.toISOString() }),
      })),
      { db: executorOf(target) },
    );
    for (const job of jobs) {
      // Best effort: whichever process polls first after startAfter may take the job instead.
      if (job.startAfter) setTimeout(() => pump(), Math.max(0, job.startAfter.getTime() - Date.now()) + 20).unref();
    }
  }

  /**
   * Moves jobs from job_outbox into pg-boss through its public insert, in one transaction with
   * their delete, so each job is in exactly one of the two tables. Returns how many moved.
   */
  async function moveOutboxJobs(): Promise<number> {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const [, { rows }] = (await client.query(BEGIN_TAKING_FROM_OUTBOX)) as unknown as [
        pg.QueryResult,
        pg.QueryResult<{ data: object; start_after: string }>,
      ];
      if (rows.length > 0) {
        await boss.insert(
          rows.map((row) => ({ name: DELIVER_NOTIFICATION_QUEUE, data: row.data, startAfter: row.start_after })),
          { db: { executeSql: (text, values) => client.query(text, values) } },
        );
      }
      await client.query('commit');
      return rows.length;
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      // A connection that failed is closed rather than handed out again.
      client.release(failure);
    }
  }

  function startWorker({ handle, subscribeWakeUps }: DeliveryWorker): void {
    let inFlight = 0;
    let fetching = false;
    let wokenWhileFetching = false;
    // The last fetch filled every free slot, so more jobs may be waiting: fetch when a slot frees.
    let mayHaveMore = false;
    // Set by every wake-up (a NOTIFY, the poll, a retry's timer): our SQL may have queued jobs.
    let outboxMayHaveJobs = true;
    let stopped = false;
    const idle = new Set<() => void>();
    const finished: string[] = [];
    let completeTimer: NodeJS.Timeout | undefined;

    async function completeFinished(): Promise<void> {
      completeTimer = undefined;
      const ids = finished.splice(0);
      if (ids.length === 0) return;
      await boss
        .complete(DELIVER_NOTIFICATION_QUEUE, ids)
        .catch((error: unknown) => log.warn({ err: error }, 'delivery queue: could not complete jobs; they run again'));
    }

    async function run(job: PgBoss.Job<unknown>): Promise<void> {
      try {
        await handle(DeliverNotificationPayloadSchema.parse(job.data));
        finished.push(job.id);
        completeTimer ??= setTimeout(() => void completeFinished(), COMPLETE_BATCH_MS);
      } catch (error) {
        log.error({ err: error, jobId: job.id }, 'delivery job failed; pg-boss retries it');
        await boss
          .fail(DELIVER_NOTIFICATION_QUEUE, job.id, { message: String(error) })
          .catch((failError: unknown) => log.warn({ err: failError }, 'delivery queue: could not fail a job'));
      }
    }

    async function fetchAndRun(): Promise<void> {
      if (fetching) {
        wokenWhileFetching = true;
        return;
      }
      fetching = true;
      try {
        do {
          wokenWhileFetching = false;
          if (outboxMayHaveJobs) {
            outboxMayHaveJobs = false;
            // A move that fails is retried at the next wake-up; jobs already in pg-boss still run.
            await moveOutboxJobs()
              .then((moved) => (outboxMayHaveJobs ||= moved === OUTBOX_BATCH_SIZE))
              .catch((error: unknown) => {
                outboxMayHaveJobs = true;
                log.warn({ err: error }, 'delivery queue: could not move queued jobs into pg-boss');
              });
          }
          const room = CONCURRENCY - inFlight;
          if (room <= 0) {
            mayHaveMore = true;
            break;
          }
          const jobs = await boss.fetch<unknown>(DELIVER_NOTIFICATION_QUEUE, { batchSize: room });
          mayHaveMore = jobs.length === room;
          for (const job of jobs) {
            inFlight += 1;
            void run(job).finally(() => {
              inFlight -= 1;
              if (mayHaveMore && !stopped) void fetchAndRun();
              if (inFlight === 0) for (const resolve of idle) resolve();
            });
          }
        } while (wokenWhileFetching && !stopped);
      } catch (error) {
        log.warn({ err: error }, 'delivery queue: fetch failed');
      } finally {
        fetching = false;
      }
    }

    pump = () => {
      if (stopped) return;
      outboxMayHaveJobs = true;
      void fetchAndRun();
    };
    const unsubscribe = subscribeWakeUps(pump);
    const poll = setInterval(pump, POLL_INTERVAL_MS);
    pump();

    stopWorker = async () => {
      stopped = true;
      unsubscribe();
      clearInterval(poll);
      if (inFlight > 0) {
        // Jobs still running after the grace period expire and run again elsewhere; handlers are idempotent.
        await new Promise<void>((resolve) => {
          idle.add(resolve);
          setTimeout(resolve, STOP_GRACE_MS).unref();
        });
      }
      clearTimeout(completeTimer);
      await completeFinished();
    };
  }

  return {
    db,
    enqueue,
    startWorker,
    async stop() {
      await stopWorker();
      await boss.stop({ graceful: false });
      await pool.end();
    },
  };
}
