import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

// Far past the longest window (an hour): a row this old holds nothing any take still counts.
const KEPT_FOR = sql`interval '1 day'`;

/**
 * Deletes the counters whose window ended long ago, so the table holds the subjects of the last
 * day only (each probed address or texted number leaves a row): the scheduler runs it each tick.
 */
export async function deleteSpentAllowances(db: Database): Promise<void> {
  await db.execute(sql`delete from allowances where window_started_at < now() - ${KEPT_FOR}`);
}
