import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { USAGE_ALERT_PERCENTS } from '@leadbell/shared/billing';
import { createDatabaseClient, type Database } from '../db/client.ts';
import { WORKER_VERDICT } from '../features/spam/spam-score.ts';
import {
  DELIVER_NOTIFICATION_QUEUE_OPTIONS,
  DELIVERY_LANES,
  DeliverNotificationPayloadSchema,
  laneOf,
  QUEUE_OF_LANE,
  type DeliverNotificationPayload,
  type DeliveryLane,
} from './deliver-notification.job.ts';

/** NOTIFY channel that wakes delivery workers in every process when jobs commit. */
export const DELIVERY_JOBS_CHANNEL = 'leadbell_delivery_jobs';
/**
 * The payload of a wake-up for accepted leads: their intake job waits in job_outbox, and nothing
 * new waits in pg-boss, so only the push lane's take has work. Any other payload may mean jobs in
 * any lane's queue. At one lead a wake-up, waking every lane to fetch cost four pg-boss fetches a
 * lead that found nothing (docs/performance.md, "Planned once").
 */
export const OUTBOX_WAKE_UP = 'outbox';

// Jobs in flight per process and lane (decision 054): sends wait on the network, not the CPU.
// The channels' lanes together run at most CHANNEL_JOBS_IN_FLIGHT jobs, since on a busy host every
// slot they fill is CPU the pushes do not get (their providers rate limit anyway, and each of their
// jobs costs the database more than a push); each lane alone fewer than that, so a channel whose
// provider stopped answering leaves the others slots. Webhooks get 6: the circuit lets one slow
// endpoint hold 4 (WEBHOOK_CIRCUIT.inFlightPerEndpoint), and the other endpoints need the rest.
const LANE_CONCURRENCY: Record<DeliveryLane, number> = { push: 32, webhooks: 6, telegram: 4, sms: 4 };
const CHANNEL_JOBS_IN_FLIGHT = 8;
// A busy push lane fetches once half its slots are free, not a job or two each time one frees:
// behind a backlog that cost a fetch, a read and a write per lead; now one of each serves the
// jobs fetched together (the handler reads and records jobs running at once together, issue 23).
// An idle lane fetches for any free slot, and the channels' lanes, a few slots each, always do.
const PUSH_LANE_REFILL = LANE_CONCURRENCY.push / 2;
// Only the fallback: new jobs wake workers by NOTIFY, retries this process scheduled by a timer.
// It is also how another process finds a dead one's hand-over copies (HAND_OVER_AFTER_SECONDS).
const POLL_INTERVAL_MS = 1_000;
const STOP_GRACE_MS = 5_000;
// Finished jobs are marked complete in batches: one statement for many, and a job whose completion
// is lost (crash) only runs again to find its attempt already recorded.
const COMPLETE_BATCH_MS = 50;
// Fetch, read, record and complete are short; a handful of connections carries hundreds of jobs a
// second. The channels' lanes share connections of their own (decision 054): queued behind a
// burst of texts, a push would wait for a connection. A channel's job holds one only for its
// queries, never while it waits on its provider.
const POOL_SIZE = 5;
const CHANNELS_POOL_SIZE = 3;
// Any constant shared by every Leadbell process: 'lbdq' in ASCII.
const QUEUE_SETUP_LOCK_ID = 0x6c626471;
// Rows taken from job_outbox per transaction; more wait for the next fetch.
const OUTBOX_BATCH_SIZE = 500;
// A job due now that the taking worker runs itself (no fetch between the lead and its push) is
// also queued in pg-boss, due this many seconds later: should the worker die first, another
// process runs it then (decision 038): within 9 s of the take with the 1 s poll. Longer than a
// push may take (PUSH_TIMEOUT_MS), so a slow push service never makes a live worker's job run
// twice; the copy is deleted once the job ran.
export const HAND_OVER_AFTER_SECONDS = 8;
// Oldest first; rows another process is taking are skipped, not waited for; intake jobs turn into
// the work they imply (decision 038). pg-boss reads a startAfter that ends in Z as that instant
// (anything else as an interval from now). Without parameters the transaction's start and the
// take go in one round trip (simple protocol).
// pg-boss's own index on waiting jobs is by start_after, so its fetch sorted every due job of the
// queue to take the first few: 15 ms per fetch with 20,000 waiting, slower the further the worker
// fell behind. This one holds them in the fetch's order (priority, then age), so a fetch reads
// only the rows it takes, 0.1 ms whatever waits (pg-boss-contract.integration.test.ts checks the
// fetch uses it).
const FETCH_ORDER_INDEX = `create index if not exists leadbell_job_fetch_order
  on pgboss.job (name, priority desc, created_on, id) where state < 'active'`;
const TAKE_ARGUMENTS = `'{${USAGE_ALERT_PERCENTS.join(',')}}', '${JSON.stringify(WORKER_VERDICT)}'`;
const BEGIN_TAKING_FROM_OUTBOX = `begin; select data, start_after, due, taken, null as set_aside
  from leadbell_take_outbox(${OUTBOX_BATCH_SIZE}, ${TAKE_ARGUMENTS})`;
// After a take failed, the next takes the oldest row alone, and sets it aside if it fails alone
// for what is in it (decision 062): one bad row no longer stops every lead behind it.
const BEGIN_TAKING_ONE_FROM_OUTBOX = `begin; select data, start_after, due, taken, set_aside
  from leadbell_take_outbox_alone(${TAKE_ARGUMENTS})`;
// Rows set aside (decision 062) go back into the outbox whenever a server starts: a release with
// their fix starts its servers anew. One that still fails is set aside again after one failed take.
const REPLAY_SET_ASIDE = `with replayed as (delete from job_outbox_set_aside returning id, data, start_after),
  queued as (insert into job_outbox (data, start_after) select data, start_after from replayed order by id returning 1)
  select count(*)::int as replayed from queued`;

/**
 * Job slots several lanes draw from (the channels' CHANNEL_JOBS_IN_FLIGHT): `free` of them now,
 * and each lane's wake-up for when one frees.
 */
type SharedSlots = { free: number; wakeUps: Set<() => void> };

/** A job this worker runs: fetched from pg-boss, or claimed as it left job_outbox. */
type RunnableJob = Pick<PgBoss.Job<unknown>, 'id' | 'data'>;

export type DeliveryJob = { payload: DeliverNotificationPayload; id?: string; startAfter?: Date };

export type DeliveryWorker = {
  /** Runs a job of each lane: the push lane's with `db`, the channels' with `channelsDb`. */
  handlers: Record<DeliveryLane, (payload: DeliverNotificationPayload) => Promise<void>>;
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
  /** The channels' lanes' own connections (decision 054), for their jobs' queries. */
  channelsDb: Database;
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
  const channels = createDatabaseClient(databaseUrl, { max: CHANNELS_POOL_SIZE, isCommitDurable: false });
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
    for (const name of Object.values(QUEUE_OF_LANE))
      await boss.createQueue(name, { name, ...DELIVER_NOTIFICATION_QUEUE_OPTIONS });
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

  let pumpAll: () => void = () => {};
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
    for (const job of jobs) {
      // Best effort: whichever process polls first after startAfter may take the job instead.
      if (job.startAfter) setTimeout(() => pumpAll(), Math.max(0, job.startAfter.getTime() - Date.now()) + 20).unref();
    }
  }

  /**
   * Moves jobs from job_outbox into pg-boss through its public insert, in one transaction with
   * their delete, so each job is in exactly one of the two tables; an intake job becomes the jobs
   * and rows it implies in the same transaction. Up to `runHere` push-lane jobs due now are the
   * caller's to run at once, their pg-boss copies due HAND_OVER_AFTER_SECONDS later; the other
   * lanes' jobs are always fetched. Returns how many outbox rows were taken, those jobs, whether
   * any job went to another lane, and whether push-lane jobs due now were left for a fetch.
   */
  async function moveOutboxJobs(
    runHere: number,
    { alone }: { alone: boolean },
  ): Promise<{ taken: number; claimed: RunnableJob[]; hasChannelJobs: boolean; leftDueJobs: boolean }> {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const [, { rows }] = (await client.query(
        alone ? BEGIN_TAKING_ONE_FROM_OUTBOX : BEGIN_TAKING_FROM_OUTBOX,
      )) as unknown as [
        pg.QueryResult,
        pg.QueryResult<{
          data: object | null;
          start_after: string | null;
          due: boolean | null;
          taken: number;
          set_aside: string | null;
        }>,
      ];
      const setAside = rows[0]?.set_aside;
      if (setAside)
        log.error(
          { setAside },
          'delivery queue: set aside a queued job that failed every take (job_outbox_set_aside, decision 062)',
        );
      const claimed: RunnableJob[] = [];
      let hasChannelJobs = false;
      let leftDueJobs = false;
      const jobs = rows.flatMap(({ data, start_after, due }) => {
        if (!data || !start_after) return [];
        const lane = laneOf(data);
        const name = QUEUE_OF_LANE[lane];
        hasChannelJobs ||= lane !== 'push';
        if (!due || lane !== 'push' || claimed.length === runHere) {
          leftDueJobs ||= Boolean(due) && lane === 'push';
          return [{ name, data, startAfter: start_after }];
        }
        const id = randomUUID();
        claimed.push({ id, data });
        // A start that does not end in Z is seconds from now, by the database's clock.
        return [{ id, name, data, startAfter: String(HAND_OVER_AFTER_SECONDS) }];
      });
      if (jobs.length > 0) await boss.insert(jobs, { db: preparedExecutor(client) });
      await client.query('commit');
      return { taken: rows[0]?.taken ?? 0, claimed, hasChannelJobs, leftDueJobs };
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      // A connection that failed is closed rather than handed out again.
      client.release(failure);
    }
  }

  /**
   * One lane's loop: fetches its queue's jobs into its free slots and runs them, woken by
   * `pump`. The push lane (`takesOutbox`) also moves job_outbox into pg-boss before it fetches,
   * and runs the push-lane jobs due now itself; `pump({ outboxOnly: true })` fetches only if the
   * move left it jobs due now.
   */
  function startLane({
    queue,
    concurrency,
    refill = 1,
    handle,
    takesOutbox,
    onChannelJobs,
    shared,
  }: {
    queue: string;
    concurrency: number;
    /** Free slots a lane with jobs in flight waits for before it fetches more. */
    refill?: number;
    /** Slots this lane shares with others, besides its own `concurrency`. */
    shared?: SharedSlots;
    handle: (payload: DeliverNotificationPayload) => Promise<void>;
    takesOutbox: boolean;
    /** Told when a move from job_outbox (`takesOutbox`) queued jobs for another lane. */
    onChannelJobs?: () => void;
  }): { pump: (options?: { outboxOnly: boolean }) => void; stop: () => Promise<void> } {
    let inFlight = 0;
    let fetching = false;
    let wokenWhileFetching = false;
    // The last fetch filled every free slot, so more jobs may be waiting: fetch when slots free (`refill`).
    let mayHaveMore = false;
    // Set by every wake-up (a NOTIFY, the poll, a retry's timer): our SQL may have queued jobs.
    let outboxMayHaveJobs = takesOutbox;
    // Set by a move that failed: the next takes the oldest row alone.
    let takeAlone = false;
    // Set by every wake-up but one for accepted leads (OUTBOX_WAKE_UP): pg-boss may have jobs due.
    let fetchWanted = true;
    let stopped = false;
    const idle = new Set<() => void>();
    // Fetched jobs that ran, to complete; and claimed ones (moveOutboxJobs), whose copies to delete.
    const finished: string[] = [];
    const finishedClaimed: string[] = [];
    let completeTimer: NodeJS.Timeout | undefined;

    async function completeFinished(): Promise<void> {
      completeTimer = undefined;
      const [ids, claimedIds] = [finished.splice(0), finishedClaimed.splice(0)];
      const warn = (error: unknown) =>
        log.warn({ err: error }, 'delivery queue: could not complete jobs; they run again');
      if (ids.length > 0) await boss.complete(queue, ids).catch(warn);
      if (claimedIds.length > 0) await boss.deleteJob(queue, claimedIds).catch(warn);
    }

    async function run(job: RunnableJob, { claimed }: { claimed: boolean }): Promise<void> {
      try {
        await handle(DeliverNotificationPayloadSchema.parse(job.data));
        (claimed ? finishedClaimed : finished).push(job.id);
        completeTimer ??= setTimeout(() => void completeFinished(), COMPLETE_BATCH_MS);
      } catch (error) {
        log.error({ err: error, jobId: job.id }, 'delivery job failed; pg-boss retries it');
        // A claimed job's copy in pg-boss is its retry, due HAND_OVER_AFTER_SECONDS after it was taken.
        if (claimed) return;
        await boss
          .fail(queue, job.id, { message: String(error) })
          .catch((failError: unknown) => log.warn({ err: failError }, 'delivery queue: could not fail a job'));
      }
    }

    function start(job: RunnableJob, claimed: boolean): void {
      inFlight += 1;
      void run(job, { claimed }).finally(() => {
        inFlight -= 1;
        if (shared) {
          shared.free += 1;
          for (const wakeUp of shared.wakeUps) wakeUp();
        } else if (mayHaveMore && !stopped) void fetchAndRun();
        if (inFlight === 0) for (const resolve of idle) resolve();
      });
    }
    shared?.wakeUps.add(() => {
      if (mayHaveMore && !stopped) void fetchAndRun();
    });

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
            // A move that fails is retried at the next wake-up, with the oldest row alone (decision
            // 062); jobs already in pg-boss still run.
            await moveOutboxJobs(Math.max(0, concurrency - inFlight), { alone: takeAlone })
              .then(({ taken, claimed, hasChannelJobs, leftDueJobs }) => {
                outboxMayHaveJobs ||= taken === OUTBOX_BATCH_SIZE;
                takeAlone = false;
                fetchWanted ||= leftDueJobs;
                for (const job of claimed) start(job, true);
                if (hasChannelJobs) onChannelJobs?.();
              })
              .catch((error: unknown) => {
                outboxMayHaveJobs = true;
                takeAlone = true;
                log.warn({ err: error }, 'delivery queue: could not move queued jobs into pg-boss');
              });
          }
          if (!fetchWanted && !mayHaveMore) continue;
          fetchWanted = false;
          const room = Math.min(concurrency - inFlight, shared?.free ?? Infinity);
          if (room <= 0 || (inFlight > 0 && room < refill)) {
            mayHaveMore = true;
            break;
          }
          // Shared slots are taken before the fetch, so two lanes fetching at once never take more.
          if (shared) shared.free -= room;
          let jobs: PgBoss.Job<unknown>[] = [];
          try {
            jobs = await boss.fetch<unknown>(queue, { batchSize: room });
          } finally {
            if (shared) shared.free += room - jobs.length;
          }
          mayHaveMore = jobs.length === room;
          for (const job of jobs) start(job, false);
          // Shared slots taken for the fetch and not used may be what another lane was waiting for.
          if (shared && jobs.length < room) for (const wakeUp of shared.wakeUps) wakeUp();
        } while (wokenWhileFetching && !stopped);
      } catch (error) {
        log.warn({ err: error }, 'delivery queue: fetch failed');
      } finally {
        fetching = false;
      }
    }

    return {
      pump({ outboxOnly } = { outboxOnly: false }) {
        if (stopped) return;
        outboxMayHaveJobs ||= takesOutbox;
        fetchWanted ||= !outboxOnly;
        void fetchAndRun();
      },
      async stop() {
        stopped = true;
        if (inFlight > 0) {
          // Jobs still running after the grace period expire and run again elsewhere; handlers are idempotent.
          await new Promise<void>((resolve) => {
            idle.add(resolve);
            setTimeout(resolve, STOP_GRACE_MS).unref();
          });
        }
        clearTimeout(completeTimer);
        await completeFinished();
      },
    };
  }

  function startWorker({ handlers, subscribeWakeUps }: DeliveryWorker): void {
    const channelSlots: SharedSlots = { free: CHANNEL_JOBS_IN_FLIGHT, wakeUps: new Set() };
    const lane = (name: DeliveryLane) => ({
      queue: QUEUE_OF_LANE[name],
      concurrency: LANE_CONCURRENCY[name],
      handle: handlers[name],
    });
    const channelLanes = DELIVERY_LANES.filter((name) => name !== 'push').map((name) =>
      startLane({ ...lane(name), takesOutbox: false, shared: channelSlots }),
    );
    const pumpChannelLanes = () => {
      for (const channelLane of channelLanes) channelLane.pump();
    };
    const pushLane = startLane({
      ...lane('push'),
      refill: PUSH_LANE_REFILL,
      takesOutbox: true,
      onChannelJobs: pumpChannelLanes,
    });
    pumpAll = () => {
      pushLane.pump();
      pumpChannelLanes();
    };
    const unsubscribe = subscribeWakeUps((payload) => {
      if (payload === OUTBOX_WAKE_UP) pushLane.pump({ outboxOnly: true });
      else pumpAll();
    });
    const poll = setInterval(pumpAll, POLL_INTERVAL_MS);
    pumpAll();

    stopWorker = async () => {
      pumpAll = () => {};
      unsubscribe();
      clearInterval(poll);
      await Promise.all([pushLane, ...channelLanes].map((running) => running.stop()));
    };
  }

  return {
    db,
    channelsDb: channels.db,
    enqueue,
    startWorker,
    async stop() {
      await stopWorker();
      await boss.stop({ graceful: false });
      await Promise.all([pool.end(), channels.pool.end()]);
    },
  };
}
