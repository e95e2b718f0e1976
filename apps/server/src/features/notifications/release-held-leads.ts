import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { wakeDeliveryWorkers } from '../../jobs/delivery-queue.ts';

/**
 * Delivers the entity's held leads (kept past Starter's limit, decisions 021 and 041) the way
 * accepted ones are delivered, through the same SQL that queues every delivery, with what a lead
 * that reaches the team gets besides (the acknowledgement, lead.created, its escalation from now:
 * leadbell_release_follow_ups), and counts them in the billing month that starts at `periodStart`
 * (the larger plan's, which starts at once). Run in the transaction that chooses the larger plan,
 * under the entity's lock (lockEntityLeads), so they are released exactly when it commits.
 */
export async function releaseHeldLeads(
  db: Database,
  entityId: string,
  { periodStart, now }: { periodStart: Date; now: Date },
): Promise<number> {
  // A held lead quarantined since (by the worker or by hand) stays in Spam: never counted, never
  // rung. One that arrived while the business was closed rings nobody, as at its arrival: the
  // morning summary lists it (as leadbell_take_outbox's release by spam's room does).
  const { rows } = await db.execute<{ id: string; is_after_hours: boolean }>(
    sql`update notifications set is_held = false
         where entity_id = ${entityId} and is_held and lead_status <> 'spam'
        returning id, is_after_hours`,
  );
  if (rows.length === 0) return 0;
  await db.execute(sql`
    insert into entity_usage as usage (entity_id, period_start, notification_count)
    values (${entityId}, ${periodStart}, ${rows.length})
    on conflict (entity_id, period_start)
      do update set notification_count = usage.notification_count + excluded.notification_count,
                    held_count = greatest(usage.held_count - excluded.notification_count, 0)`);
  const ids = rows.map((row) => row.id);
  const ringing = rows.filter((row) => !row.is_after_hours).map((row) => row.id);
  await db.execute(sql`
    insert into job_outbox (data)
    select job from leadbell_queue_deliveries(${sql.param(ringing)}::uuid[])
    union all
    select job from leadbell_release_follow_ups(${sql.param(ids)}::uuid[], ${now}::timestamptz)`);
  await wakeDeliveryWorkers(db);
  return rows.length;
}
