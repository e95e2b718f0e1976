import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Deletes what the verdict remembers past a day: a message's fingerprint (the network signal looks
 * back a day) and a fill-time token's nonce (a token lives less than that). The scheduler runs it
 * each tick, so no take pays for it: a take that pruned now and then ran statements no warm-up
 * plans, on the lead's path (issue 45).
 */
export async function deleteSpentSpamSignals(db: Database): Promise<void> {
  await db.execute(sql`delete from spam_fingerprints where seen_at < now() - interval '1 day'`);
  await db.execute(sql`delete from fill_token_uses where used_at < now() - interval '1 day'`);
}
