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
 * and the deliveries' own schedule (decision 067) decide what is due by PostgreSQL's own clock
 * (decision 025). Nothing sleeps. Jobs not yet moved from job_outbox into pg-boss (decision 034)
 * move too: the table lock holds off the worker's take meanwhile, so each job is shifted exactly
 * once. A claim on a delivery (leased_until) is not moved: its send is under way.
 */
export async function advanceTime(app: { pool: pg.Pool }, clock: TestClock, ms: number): Promise<void> {
  clock.set(new Date(clock.now().getTime() + ms));
  const client = await app.pool.connect();
  try {
    await client.query('begin');
    await client.query('lock table job_outbox in exclusive mode');
    const earlier = `make_interval(secs => $1::double precision / 1000)`;
    await client.query(`update job_outbox set start_after = start_after - ${earlier} where start_after > now()`, [ms]);
    await client.query(
      `update pgboss.job set start_after = start_after - ${earlier}
        where state in ('created', 'retry') and start_after > now()`,
      [ms],
    );
    await client.query(
      `update deliveries set due_at = due_at - ${earlier} where status = 'pending' and due_at > now()`,
      [ms],
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
