import type pg from 'pg';
import { HAND_OVER_AFTER_SECONDS } from '../src/jobs/delivery-queue.ts';
import type { Clock } from '../src/lib/clock.ts';

export type TestClock = Clock & { set: (at: Date) => void };

/** A clock the test sets: the app reads it wherever it asks for the time (decision 025). */
export function createTestClock(start: Date): TestClock {
  let current = start;
  return { now: () => new Date(current), set: (at) => (current = new Date(at)) };
}

/**
 * Moves the app's time forward by `ms`: its clock, and the queue's schedule with it, since pg-boss
 * decides when a job is due by PostgreSQL's own clock (decision 025). Nothing sleeps. Jobs not yet
 * moved from job_outbox into pg-boss (decision 034) move too: the table lock holds off the worker's
 * move meanwhile, so each job is shifted exactly once.
 */
export async function advanceTime(app: { pool: pg.Pool }, clock: TestClock, ms: number): Promise<void> {
  clock.set(new Date(clock.now().getTime() + ms));
  const client = await app.pool.connect();
  try {
    await client.query('begin');
    await client.query('lock table job_outbox in exclusive mode');
    await client.query(
      `update job_outbox set start_after = start_after - make_interval(secs => $1::double precision / 1000)
        where start_after > now()`,
      [ms],
    );
    // Not the hand-over copies of jobs a worker runs as it takes them (decision 038; due exactly
    // HAND_OVER_AFTER_SECONDS after they were queued): their jobs are running or done now, and a
    // copy made due at once could run beside a job still recording its push.
    await client.query(
      `update pgboss.job set start_after = start_after - make_interval(secs => $1::double precision / 1000)
        where state in ('created', 'retry') and start_after > now()
          and start_after - created_on <> make_interval(secs => $2)`,
      [ms, HAND_OVER_AFTER_SECONDS],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await app.pool.query("select pg_notify('leadbell_delivery_jobs', '')");
}
