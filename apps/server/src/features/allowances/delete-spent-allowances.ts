import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

// Past the longest window (a day: caller ID verifications, decision 082): a row this old holds
// nothing any take still counts.
const KEPT_FOR = sql`interval '2 days'`;

/**
 * Deletes the counters whose window ended long ago, so the table holds the subjects of the last
 * days only (each probed address or texted number leaves a row): the scheduler runs it each tick.
 */
export async function deleteSpentAllowances(db: Database): Promise<void> {
  await db.execute(sql`delete from allowances where window_started_at < now() - ${KEPT_FOR}`);
}
