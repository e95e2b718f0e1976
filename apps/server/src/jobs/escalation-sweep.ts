import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { escalateLead } from '../features/leads/escalate-lead.ts';
import type { Clock } from '../lib/clock.ts';
import type { DeliveryQueue } from './delivery-queue.ts';
import { wakeDeliveryWorkers } from './wake-delivery-workers.ts';

// Escalations are due to the second (decision 038): each worker process looks once a second, and
// soon after a wake-up (jobs committed, or a test moving the app's clock), but no more often than
// every SWEEP_SPACING_MS, since under load wake-ups come with every accepted batch.
const SWEEP_INTERVAL_MS = 1_000;
const SWEEP_SPACING_MS = 250;
// Escalations run per transaction; a longer backlog takes several in a row.
const SWEEP_BATCH_SIZE = 50;

type DueEscalation = {
  notification_id: string;
  stage: 1 | 2;
  response_started_at: Date;
  response_target_seconds: number;
};

/**
 * Runs the escalation stages that are due (lead_escalations, decision 038), and the steps of leads
 * ringing in turn (lead_turns, issue 50), on the clock the app reads. Each due row is taken under its row lock, skipped by other processes, and its stage runs
 * (escalateLead, which does nothing for a lead no longer open) in the transaction that moves the
 * row to its next stage or deletes it after stage 2, so a stage runs once even across crashes.
 */
export function startEscalationSweep({
  queue,
  clock,
  log,
  subscribeWakeUps,
}: {
  queue: DeliveryQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Calls the listener whenever any process NOTIFYs the delivery workers; returns an unsubscribe. */
  subscribeWakeUps: (listener: () => void) => () => void;
}): { stop: () => Promise<void> } {
  const { db } = queue;

  async function runDueStages(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<DueEscalation>(sql`
        select e.notification_id, e.stage, n.response_started_at, n.response_target_seconds
          from lead_escalations e join notifications n on n.id = e.notification_id
         where e.due_at <= ${now}
         order by e.due_at
         limit ${SWEEP_BATCH_SIZE}
           for update of e skip locked`);
      for (const due of rows) {
        await escalateLead(tx, { notificationId: due.notification_id, stage: due.stage });
        // Stage 2 comes at twice the response target from the timer's start.
        await tx.execute(
          due.stage === 1
            ? sql`update lead_escalations
                     set stage = 2, due_at = ${due.response_started_at}::timestamptz
                                             + make_interval(secs => ${due.response_target_seconds * 2})
                   where notification_id = ${due.notification_id}`
            : sql`delete from lead_escalations where notification_id = ${due.notification_id}`,
        );
      }
      return rows.length;
    });
  }

  /**
   * The due steps of leads ringing in turn (issue 50), each under its row lock, skipped by other
   * processes: leadbell_ring_next_turn asks the next member, or everyone, or stops for a claim.
   */
  async function runDueTurns(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ queued: number }>(sql`
        select leadbell_ring_next_turn(due.notification_id, null, null) as queued
          from (select t.notification_id from lead_turns t
                 where t.due_at <= ${now}
                 order by t.due_at
                 limit ${SWEEP_BATCH_SIZE}
                   for update skip locked) due`);
      if (rows.some((row) => row.queued > 0)) await wakeDeliveryWorkers(tx);
      return rows.length;
    });
  }

  async function sweep(): Promise<void> {
    const now = clock.now();
    // One cheap look while nothing is due; the transactions only for what is.
    const { rows } = await db.execute<{ stages: boolean; turns: boolean }>(sql`
      select exists (select from lead_escalations where due_at <= ${now}) as stages,
             exists (select from lead_turns where due_at <= ${now}) as turns`);
    const due = rows[0];
    if (due?.stages) while ((await runDueStages(now)) === SWEEP_BATCH_SIZE);
    if (due?.turns) while ((await runDueTurns(now)) === SWEEP_BATCH_SIZE);
  }

  let running: Promise<void> | null = null;
  let lastStartedAt = 0;
  let soon: NodeJS.Timeout | undefined;
  function start(): void {
    lastStartedAt = Date.now();
    running ??= sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'escalation sweep failed; it tries again in a second'))
      .finally(() => (running = null));
  }
  const timer = setInterval(start, SWEEP_INTERVAL_MS);
  timer.unref();
  const unsubscribe = subscribeWakeUps(() => {
    soon ??= setTimeout(
      () => {
        soon = undefined;
        start();
      },
      Math.max(0, lastStartedAt + SWEEP_SPACING_MS - Date.now()),
    );
  });
  return {
    async stop() {
      unsubscribe();
      clearInterval(timer);
      clearTimeout(soon);
      await running;
    },
  };
}
