import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Deletes what the verdict remembers past its window (leadbell_spam_signal_window, a day): a
 * message's fingerprint and a fill-time token's nonce. The scheduler runs it each tick, so no take
 * pays for it: a take that pruned now and then ran statements no warm-up plans, on the lead's path
 * (issue 45).
 */
export async function deleteSpentSpamSignals(db: Database): Promise<void> {
  await db.execute(sql`select leadbell_delete_spent_spam_signals()`);
}
