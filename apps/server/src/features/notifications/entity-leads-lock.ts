import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Takes the entity's lock, alone, which each batch of ingestion holds shared while it counts and
 * writes the entity's leads (leadbell_accept_notifications, decision 061). A transaction that
 * changes leads and the plan's count together takes it before either, and before locking the
 * entity's row, so it waits for the batches under way instead of deadlocking with them, and new
 * ones wait for it; held to the transaction's end. The counts ingestion appended are then
 * added into the entity's count row (decision 060), which the transaction may read and change.
 */
export async function lockEntityLeads(tx: Database, entityId: string): Promise<void> {
  await tx.execute(sql`select leadbell_lock_entity_leads(${entityId}::uuid)`);
}
