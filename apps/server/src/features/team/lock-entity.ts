import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Locks the entity's row for the transaction: seat counts and the last-admin rule are decided one
 * change at a time, so two invitations cannot both take the last seat.
 */
export async function lockEntity(tx: Database, entityId: string): Promise<void> {
  const [row] = await tx.select({ id: entities.id }).from(entities).where(eq(entities.id, entityId)).for('update');
  if (!row) throw new AppError('not_found', 'Entity not found.');
}
