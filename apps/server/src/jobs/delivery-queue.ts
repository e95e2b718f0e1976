import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { createDatabaseClient, warmConnections, type Database } from '../db/client.ts';
import { claimDueDeliveries, type DeliveryTarget } from '../features/deliveries/find-delivery-targets.ts';
import { DELIVERY_LANES, laneOf, QUEUE_OF_LANE, type DeliveryLane } from './deliver-notification.job.ts';
import { parseJob, QUEUE_RETRY, type JobPayload } from './job-registry.ts';
import { startLaneScheduler, type DeliveryUnit } from './lane-scheduler.ts';
import { createOutboxMover } from './outbox-mover.ts';
import { DELIVERY_LEASE_SECONDS, settleLeads, takeOutbox } from './take-outbox.ts';

// Finished jobs are marked complete in batches: one statement for many, and a job whose completion
// is lost (crash) only runs again to find its work already done.
const COMPLETE_BATCH_MS = 50;
// Take, claim, record and complete are short; a handful of connections carries hundreds of leads a
// second. The channels' lanes share connections of their own (decision 054): queued behind a
// burst of texts, a push would wait for a connection. A channel's send holds one only for its
// queries, never while it waits on its provider.
const POOL_SIZE = 5;
const CHANNELS_POOL_SIZE = 3;
// Any constant shared by every Leadbell process: 'lbdq' in ASCII.
const QUEUE_SETUP_LOCK_ID = 0x6c626471;
// pg-boss's own index on waiting jobs is by start_after, so its fetch sorted every due job of the
// queue to take the first few: 15 ms per fetch with 20,000 waiting, slower the further the worker
// fell behind. This one holds them in the fetch's order (priority, then age), so a fetch reads
// only the rows it takes, 0.1 ms whatever waits (pg-boss-contract.integration.test.ts checks the
// fetch uses it).
const FETCH_ORDER_INDEX = `create index if not exists leadbell_job_fetch_order
  on pgboss.job (name, priority desc, created_on, id) where state < 'active'`;
// Rows set aside (decision 062) go back into the outbox whenever a server starts: a release with
// their fix starts its servers anew. One that still fails is set aside again after one failed take.
const REPLAY_SET_ASIDE = `with replayed as (delete from job_outbox_set_aside returning id, data, start_after),
  queued as (insert into job_outbox (data, start_after) select data, start_after from replayed order by id returning 1)
  select count(*)::int as replayed from queued`;

export type DeliveryJob = { payload: JobPayload; id?: string; startAfter?: Date };

export type DeliveryWorker = {
  /** Runs a job of each lane (webhooks, alerts, acknowledgements, test pushes), parsed by its kind (job-registry.ts). */
  handlers: Record<DeliveryLane, (payload: JobPayload) => Promise<void>>;
  /** Sends deliveries the lane claimed (decision 067): the push lane's with `db`, the channels' with `channelsDb`. */
  senders: Record<Exclude<DeliveryLane, 'webhooks'>, (targets: DeliveryTarget[]) => Promise<void>>;
  /**
   * Calls the listener with the payload whenever any process NOTIFYs DELIVERY_JOBS_CHANNEL (or ''
   * after a lost connection); returns an unsubscribe.
   */
  subscribeWakeUps: (listener: (payload: string) => void) => () => void;
};

export type DeliveryQueue = {
  /**
   * The queue's own connections, for pg-boss and the worker's queries: deliveries never wait for a
   * connection behind a burst of requests (each holding one while it waits for its entity's lock).
   */
  db: Database;
  /** The channels' lanes' own connections (decision 054), for their sends' queries. */
  channelsDb: Database;
  /** Opens and warms the connections both keep (decision 090): none without `keepWarm`. */
  warmConnections: () => Promise<void>;
  /**
   * Enqueues through `db`, which may be an open transaction: the jobs then exist exactly when it
   * commits. Jobs due now also need a NOTIFY on DELIVERY_JOBS_CHANNEL through the same `db`
   * (see wakeDeliveryWorkers), or they wait for the next poll.
   */
  enqueue: (db: Database, jobs: DeliveryJob[]) => Promise<void>;
  /** Has every lane fetch at `at` (a retry due then), besides the poll. */
  wakeAt: (at: Date) => void;
  startWorker: (worker: DeliveryWorker) => void;
  stop: () => Promise<void>;
};

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

/** One name per statement text, for every connection of the process. */
const preparedNames = new Map<string, string>();

/**
 * pg-boss's statements on a pg pool or connection, each with parameters as a named prepared
 * statement: PostgreSQL plans it once per connection instead of on every call (its job insert
 * was planned anew for each take, 0.27 ms of PostgreSQL's CPU a lead at 100 leads a second). A
 * statement with parameters is always a single one; pg-boss's multi-statement commands (its
 * migrations and maintenance) have none and run as they are.
 */
function preparedExecutor(connection: Pick<pg.Pool, 'query'>): PgBoss.Db {
  return {
    executeSql(text, values) {
      if (!values || values.length === 0) return connection.query(text);
      let name = preparedNames.get(text);
      if (!name) {
        name = `leadbell-pgboss-${preparedNames.size}`;
        preparedNames.set(text, name);
      }
      return connection.query({ name, text, values });
    },
  };
}

/**
 * The delivery worker's queues (decision 067): a lead's deliveries are their own schedule
 * (`deliveries.due_at`, `leased_until`), claimed by the take that makes them or by a lane's fetch;
 * everything else a lead causes (webhooks, acknowledgements, alerts, test pushes) is a job in
 * pg-boss in our own PostgreSQL (schema `pgboss`). Jobs our SQL queues wait in job_outbox; the
 * push lane's take moves them into pg-boss before anything else (decision 034; outbox-mover.ts).
 * The lanes (lane-scheduler.ts) fetch when a NOTIFY, the poll or a retry's timer wakes them, not
 * in pg-boss's own loop.
 */
export async function startDeliveryQueue({
  databaseUrl,
  log,
  supervise,
  keepWarm = false,
}: {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Expire jobs of crashed processes and archive old ones; every worker process takes part. */
  supervise: boolean;
  /** Each connection plans its pool's part of the lead's path as it opens, and two stay open (decisions 090, 091). */
  keepWarm?: boolean;
}): Promise<DeliveryQueue> {
  // The worker's pool takes, settles and sends pushes; the channels' only send (decision 091).
  const { db, pool } = createDatabaseClient(databaseUrl, {
    max: POOL_SIZE,
    isCommitDurable: false,
    warmUp: keepWarm ? ['take', 'deliver'] : [],
  });
  const channels = createDatabaseClient(databaseUrl, {
    max: CHANNELS_POOL_SIZE,
    isCommitDurable: false,
    warmUp: keepWarm ? ['deliver'] : [],
  });
  const boss = new PgBoss({
    db: preparedExecutor(pool),
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
    for (const name of Object.values(QUEUE_OF_LANE)) await boss.createQueue(name, { name, ...QUEUE_RETRY });
    await lock.query(FETCH_ORDER_INDEX);
    const { rows } = await lock.query<{ replayed: number }>(REPLAY_SET_ASIDE);
    if (rows[0]!.replayed > 0)
      log.warn(
        { replayed: rows[0]!.replayed },
        'delivery queue: queued jobs set aside earlier are tried again (job_outbox_set_aside, decision 062)',
      );
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_ID]).catch(() => {});
    lock.release();
  }

  let wakeAll: () => void = () => {};
  let stopWorker: () => Promise<void> = async () => {};

  async function enqueue(target: Database, jobs: DeliveryJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await boss.insert(
      jobs.map((job) => ({
        name: QUEUE_OF_LANE[laneOf(job.payload)],
        data: job.payload,
        ...(job.id && { id: job.id }),
        ...(job.startAfter && { startAfter: job.startAfter.toISOString() }),
      })),
      { db: executorOf(target) },
    );
    for (const job of jobs) if (job.startAfter) wakeAt(job.startAfter);
  }

  /** Best effort: whichever process polls first after `at` may take the work instead. */
  function wakeAt(at: Date): void {
    setTimeout(() => wakeAll(), Math.max(0, at.getTime() - Date.now()) + 20).unref();
  }

  /** pg-boss's jobs of one lane's queue: fetched into free slots, marked complete in batches. */
  function jobsOf(lane: DeliveryLane, handle: (payload: JobPayload) => Promise<void>) {
    const queue = QUEUE_OF_LANE[lane];
    const finished: string[] = [];
    let completeTimer: NodeJS.Timeout | undefined;
    async function completeFinished(): Promise<void> {
      completeTimer = undefined;
      const ids = finished.splice(0);
      if (ids.length > 0)
        await boss
          .complete(queue, ids)
          .catch((error: unknown) =>
            log.warn({ err: error }, 'delivery queue: could not complete jobs; they run again'),
          );
    }
    return {
      fetch: async (room: number): Promise<DeliveryUnit[]> =>
        (await boss.fetch<unknown>(queue, { batchSize: room })).map(({ id, data }) => ({ kind: 'job', id, data })),
      async run(id: string, data: unknown): Promise<void> {
        try {
          await handle(parseJob(data));
          finished.push(id);
          completeTimer ??= setTimeout(() => void completeFinished(), COMPLETE_BATCH_MS);
        } catch (error) {
          log.error({ err: error, jobId: id }, 'delivery job failed; pg-boss retries it');
          await boss
            .fail(queue, id, { message: String(error) })
            .catch((failError: unknown) => log.warn({ err: failError }, 'delivery queue: could not fail a job'));
        }
      },
      async stop(): Promise<void> {
        clearTimeout(completeTimer);
        await completeFinished();
      },
    };
  }

  function startWorker({ handlers, senders, subscribeWakeUps }: DeliveryWorker): void {
    const jobs = Object.fromEntries(DELIVERY_LANES.map((lane) => [lane, jobsOf(lane, handlers[lane])])) as Record<
      DeliveryLane,
      ReturnType<typeof jobsOf>
    >;
    const outboxStatement = {
      pool,
      insertJobs: (rows: PgBoss.JobInsert[], client: pg.PoolClient) =>
        boss.insert(rows, { db: preparedExecutor(client) }).then(() => {}),
      log,
    };
    const scheduler = startLaneScheduler({
      outboxSources: (wake) => {
        const mover = createOutboxMover({
          take: (options) => takeOutbox(outboxStatement, options),
          settle: () => settleLeads(outboxStatement),
          wake,
        });
        return [mover.outbox, mover.settle];
      },
      claimDue: (lane, limit) =>
        claimDueDeliveries(lane === 'push' ? db : channels.db, { lane, limit, leaseSeconds: DELIVERY_LEASE_SECONDS }),
      jobs,
      senders,
      subscribeWakeUps,
      onError: (error, lane, source) =>
        log.warn({ err: error, lane, source }, 'delivery queue: a lane could not fetch or run its work'),
    });
    wakeAll = scheduler.wakeAll;

    stopWorker = async () => {
      wakeAll = () => {};
      await scheduler.stop();
      await Promise.all(Object.values(jobs).map((laneJobs) => laneJobs.stop()));
    };
  }

  return {
    db,
    channelsDb: channels.db,
    async warmConnections() {
      await Promise.all([warmConnections(pool), warmConnections(channels.pool)]);
    },
    enqueue,
    wakeAt,
    startWorker,
    async stop() {
      await stopWorker();
      await boss.stop({ graceful: false });
      await Promise.all([pool.end(), channels.pool.end()]);
    },
  };
}
