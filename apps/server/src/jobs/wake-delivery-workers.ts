import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** NOTIFY channel that wakes delivery workers in every process when jobs commit. */
export const DELIVERY_JOBS_CHANNEL = 'leadbell_delivery_jobs';
/**
 * The payload of a wake-up for accepted leads: their intake job waits in job_outbox, and nothing
 * new waits elsewhere, so only the push lane's take has work. Any other payload may mean jobs in
 * any lane's queue. At one lead a wake-up, waking every lane to fetch cost four pg-boss fetches a
 * lead that found nothing (docs/performance.md, "Planned once").
 */
export const OUTBOX_WAKE_UP = 'outbox';

/** Wakes the delivery workers of every process when `db` commits (at once outside a transaction). */
export async function wakeDeliveryWorkers(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${DELIVERY_JOBS_CHANNEL}, '')`);
}
