import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { USAGE_ALERT_PERCENTS } from '@leadbell/shared/billing';
import { deliveryTargetOf, type DeliveryTarget } from '../features/deliveries/find-delivery-targets.ts';
import { WORKER_VERDICT } from '../features/spam/spam-score.ts';
import { DELIVERY_LANES, laneOf, QUEUE_OF_LANE, type DeliveryLane } from './deliver-notification.job.ts';

// Rows taken from job_outbox per transaction; more wait for the next take.
export const OUTBOX_BATCH_SIZE = 500;
/**
 * How long a worker holds the deliveries it claimed (decision 067): should it stop before it
 * records them, any worker's fetch sends them after this, within 9 s with the 1 s poll. Longer than
 * a push may take (PUSH_TIMEOUT_MS), so a slow push service never has a live worker's delivery
 * sent twice.
 */
export const DELIVERY_LEASE_SECONDS = 8;

/**
 * How long a take's leads wait to be settled (decision 069): what rings nobody (counters, follow-ups,
 * search text, alerts) is done for every lead taken meanwhile at once, once the oldest has waited
 * this long. Short enough that a lead's acknowledgement or webhook is not noticeably later.
 */
export const SETTLE_AFTER_MS = 200;

const ALERT_PERCENTS = `'{${USAGE_ALERT_PERCENTS.join(',')}}'`;
const SPAM = `'${JSON.stringify(WORKER_VERDICT)}'`;
// Oldest first; rows another process is taking are skipped, not waited for; intake jobs turn into
// the work they imply (decision 038). Without parameters the transaction's start and the take go in
// one round trip (simple protocol); the room is a number the caller computed.
const beginTake = (room: number) => `begin; select data, start_after, due, taken, null as set_aside
  from leadbell_take_outbox(${OUTBOX_BATCH_SIZE}, ${room}, ${DELIVERY_LEASE_SECONDS}, ${SETTLE_AFTER_MS}, ${SPAM})`;
// After a take failed, the next takes the oldest row alone, and sets it aside if it fails alone
// for what is in it (decision 062): one bad row no longer stops every lead behind it.
const beginTakeAlone = (room: number) => `begin; select data, start_after, due, taken, set_aside
  from leadbell_take_outbox_alone(${room}, ${DELIVERY_LEASE_SECONDS}, ${SETTLE_AFTER_MS}, ${SPAM})`;
const BEGIN_SETTLE = `begin; select data, start_after, due, taken, set_aside
  from leadbell_settle_leads(${OUTBOX_BATCH_SIZE}, ${ALERT_PERCENTS})`;

export type OutboxTake = {
  /** Outbox rows taken: a full batch means more may wait. */
  taken: number;
  /** The deliveries this worker claimed, a lead's at a time, to send now. */
  sends: DeliveryTarget[][];
  /** Lanes with work for any worker: deliveries due (past the room, or a channel's own), or jobs due now. */
  lanesWithDeliveries: DeliveryLane[];
  lanesWithJobs: DeliveryLane[];
  /** When the oldest settle row waiting is due (decision 069), if one waits. */
  settleDueAt: Date | null;
};

type TakenRow = {
  data: (Record<string, unknown> & { kind?: string }) | null;
  start_after: string | null;
  due: boolean | null;
  taken: number;
  set_aside: string | null;
};

type OutboxStatement = {
  pool: pg.Pool;
  insertJobs: (jobs: PgBoss.JobInsert[], client: pg.PoolClient) => Promise<void>;
  log: FastifyBaseLogger;
};

/**
 * One take of job_outbox (decisions 034, 038, 067) in one transaction: the rows' jobs into pg-boss
 * through its public insert, each exactly once, and each intake job into what rings its leads,
 * their deliveries claimed for up to `room` leads and returned to send at once. `alone`: the take
 * after one that failed (decision 062).
 */
export function takeOutbox(statement: OutboxStatement, { room, alone }: { room: number; alone: boolean }) {
  return runOutboxStatement(statement, alone ? beginTakeAlone(room) : beginTake(room));
}

/** Settles every waiting settle row's leads once the oldest is due (decision 069), in one transaction. */
export function settleLeads(statement: OutboxStatement) {
  return runOutboxStatement(statement, BEGIN_SETTLE);
}

async function runOutboxStatement({ pool, insertJobs, log }: OutboxStatement, text: string): Promise<OutboxTake> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const [, { rows }] = (await client.query(text)) as unknown as [pg.QueryResult, pg.QueryResult<TakenRow>];
    const setAside = rows[0]?.set_aside;
    if (setAside)
      log.error(
        { setAside },
        'delivery queue: set aside a queued job that failed every take (job_outbox_set_aside, decision 062)',
      );
    const sends: DeliveryTarget[][] = [];
    const lanesWithDeliveries = new Set<DeliveryLane>();
    const lanesWithJobs = new Set<DeliveryLane>();
    const jobs: PgBoss.JobInsert[] = [];
    let settleDueAt: Date | null = null;
    for (const { data, start_after, due } of rows) {
      if (!data || !start_after) continue;
      if (data.kind === 'send') {
        sends.push((data.targets as Parameters<typeof deliveryTargetOf>[0][]).map(deliveryTargetOf));
      } else if (data.kind === 'due') {
        for (const lane of data.lanes as string[])
          if ((DELIVERY_LANES as readonly string[]).includes(lane)) lanesWithDeliveries.add(lane as DeliveryLane);
      } else if (data.kind === 'settle') {
        settleDueAt = new Date(data.dueAt as string);
      } else {
        const lane = laneOf(data);
        if (due) lanesWithJobs.add(lane);
        jobs.push({ name: QUEUE_OF_LANE[lane], data, startAfter: start_after });
      }
    }
    if (jobs.length > 0) await insertJobs(jobs, client);
    await client.query('commit');
    return {
      taken: rows[0]?.taken ?? 0,
      sends,
      lanesWithDeliveries: [...lanesWithDeliveries],
      lanesWithJobs: [...lanesWithJobs],
      settleDueAt,
    };
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    // A connection that failed is closed rather than handed out again.
    client.release(failure);
  }
}
