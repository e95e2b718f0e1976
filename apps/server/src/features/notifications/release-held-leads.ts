import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { wakeDeliveryWorkers } from '../../jobs/delivery-queue.ts';

/**
 * Delivers the entity's held leads (form leads kept past Starter's limit, decision 021) the way
 * accepted ones are delivered, through the same SQL that queues every delivery. Run in the
 * transaction that chooses the larger plan, so they are released exactly when it commits.
 */
export async function releaseHeldLeads(db: Database, entityId: string): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`update notifications set is_held = false where entity_id = ${entityId} and is_held returning id`,
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await db.execute(
    sql`insert into job_outbox (data) select job from leadbell_queue_deliveries(${sql.param(ids)}::uuid[])`,
  );
  await wakeDeliveryWorkers(db);
  return rows.length;
}
