import { sql } from 'drizzle-orm';
import { LEAD_RESTORABLE_DAYS } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';

// Deleted in slices, so one tick after a large clean-up never holds a long transaction.
const DELETE_BATCH = 1_000;

/**
 * Deletes for good the leads an admin deleted more than LEAD_RESTORABLE_DAYS before `now` (issue
 * 25), with their events, deliveries and search text (foreign keys cascade); answers how many.
 */
export async function deleteExpiredLeads(db: Database, now: Date): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from notifications
     where id in (select id from notifications
                   where deleted_at < ${now}::timestamptz - make_interval(days => ${LEAD_RESTORABLE_DAYS})
                   limit ${DELETE_BATCH})
    returning id`);
  return rows.length;
}
