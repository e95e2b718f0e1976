import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';

/**
 * Releases every held lead of the entity (kept past Starter's limit, decisions 021 and 041) now
 * that a larger plan is chosen, counting them in the billing month that starts at `periodStart`
 * (the larger plan's, which starts at once). Which leads go, what they count and what they get is
 * leadbell_release_held_leads, the one rule spam giving its room back also follows. Run in the
 * transaction that chooses the plan, under the entity's lock (lockEntityLeads), so they are
 * released exactly when it commits.
 */
export async function releaseHeldLeads(
  db: Database,
  entityId: string,
  { periodStart, now }: { periodStart: Date; now: Date },
): Promise<void> {
  const { rows } = await db.execute<{ queued: number }>(sql`
    with queued as (
      insert into job_outbox (data)
      select job from leadbell_release_held_leads(${entityId}, ${periodStart}, null, ${now}::timestamptz, '{}')
      returning 1
    )
    select count(*)::int as queued from queued`);
  if (rows[0]!.queued > 0) await wakeDeliveryWorkers(db);
}
