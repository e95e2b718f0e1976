import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** Reads until `isDone` holds (what the worker writes after a 202 is read this way), or throws with the last value. */
export async function until<T>(
  read: () => T | Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

/**
 * Until the worker has taken in and settled every accepted lead on this database (decision 069): no
 * intake job and no settle row waits in the outbox.
 */
export async function untilTakenIn(db: pg.Pool | pg.Client): Promise<void> {
  await until(
    async () => (await db.query(`select from job_outbox where data->>'kind' in ('intake', 'settle')`)).rowCount,
    (waiting) => waiting === 0,
  );
}
