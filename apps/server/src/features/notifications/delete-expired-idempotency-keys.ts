import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

// A slice a statement: each commits on its own, so a tick after a long pause holds no long lock.
const DELETE_SLICE = 10_000;
// Enough for ten slices a tick, more than a minute of keyed leads at any rate a server accepts.
const SLICES_A_TICK = 10;

/**
 * Deletes the idempotency keys past their 24 hours (leadbell_idempotency_key_expired), so the
 * table holds a day of keys: the scheduler runs it each tick. The accept once pruned a business's
 * keys on one keyed request in a hundred, a read of all its keys before that request's 202.
 */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<number> {
  let deleted = 0;
  for (let slice = 0; slice < SLICES_A_TICK; slice += 1) {
    const { rows } = await db.execute<{ deleted: number }>(
      sql`select leadbell_delete_expired_idempotency_keys(${DELETE_SLICE}::int) as deleted`,
    );
    deleted += rows[0]!.deleted;
    if (rows[0]!.deleted < DELETE_SLICE) break;
  }
  return deleted;
}
