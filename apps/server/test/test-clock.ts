import type pg from 'pg';
import type { Clock } from '../src/lib/clock.ts';

export type TestClock = Clock & { set: (at: Date) => void };

/** A clock the test sets: the app reads it wherever it asks for the time (decision 025). */
export function createTestClock(start: Date): TestClock {
  let current = start;
  return { now: () => new Date(current), set: (at) => (current = new Date(at)) };
}

/**
 * Moves the app's time forward by `ms`: its clock, and the queue's schedule with it, since pg-boss
 * decides when a job is due by PostgreSQL's own clock (decision 025). Nothing sleeps.
 */
export async function advanceTime(app: { pool: pg.Pool }, clock: TestClock, ms: number): Promise<void> {
  clock.set(new Date(clock.now().getTime() + ms));
  await app.pool.query(
    `update pgboss.job set start_after = start_after - make_interval(secs => $1::double precision / 1000)
      where state in ('created', 'retry') and start_after > now()`,
    [ms],
  );
  await app.pool.query("select pg_notify('leadbell_delivery_jobs', '')");
}
