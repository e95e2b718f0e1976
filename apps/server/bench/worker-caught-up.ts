import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Waits until the delivery worker has taken in and delivered everything accepted: no intake job
 * left in job_outbox, no delivery pending and no job waiting or running in pg-boss. Returns how
 * long that took.
 */
export async function workerCaughtUp(pool: pg.Pool): Promise<number> {
  const started = performance.now();
  for (;;) {
    // Whether any waits, not how many: counting every job ten times a second cost PostgreSQL as
    // much CPU as some of the worker's own statements.
    const { rows } = await pool.query<{ waiting: boolean }>(
      `select exists (select from job_outbox)
              or exists (select from deliveries where status = 'pending')
              or exists (select from pgboss.job where state in ('created', 'retry', 'active')) as waiting`,
    );
    if (!rows[0]!.waiting) return performance.now() - started;
    if (performance.now() - started > 300_000) throw new Error('the worker had not caught up after 5 minutes');
    await sleep(100);
  }
}
