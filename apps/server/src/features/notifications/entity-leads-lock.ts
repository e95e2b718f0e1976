import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Takes the entity's lock that ingestion holds while it counts and writes the entity's leads
 * (leadbell_accept_notifications). A transaction that changes leads and the plan's count together
 * takes it before either, and before locking the entity's row, so it waits for ingestion instead
 * of deadlocking with it; held to the transaction's end.
 */
export async function lockEntityLeads(tx: Database, entityId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(leadbell_entity_lock_key(${entityId}::uuid))`);
}
