import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** How long a quarantined lead waits for "Not spam" before it is deleted (decision 039). */
export const SPAM_KEPT_DAYS = 30;
// Deleted in slices, so one tick after a flood never holds a long transaction.
const DELETE_BATCH = 1_000;

/** Deletes quarantined leads older than SPAM_KEPT_DAYS at `now`; answers how many. */
export async function deleteExpiredSpam(db: Database, now: Date): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from notifications
     where id in (select id from notifications
                   where lead_status = 'spam' and created_at < ${now}::timestamptz - make_interval(days => ${SPAM_KEPT_DAYS})
                   limit ${DELETE_BATCH})
    returning id`);
  return rows.length;
}
