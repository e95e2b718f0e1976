import { and, eq, sql } from 'drizzle-orm';
import type { Entity, UpdateEntity } from '@leadbell/shared/entities';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { toEntity } from './entity-record.ts';

/** Changes the business's settings (left-out ones stay); only the caller's own entity (another id answers 404). */
export async function updateEntity(
  db: Database,
  { id, callerEntityId, update }: { id: string; callerEntityId: string; update: UpdateEntity },
): Promise<Entity> {
  if (!isUuid(id)) throw new AppError('not_found', 'Entity not found.');
  const [row] = await db
    .update(entities)
    .set({
      defaultCountry: update.defaultCountry,
      timeZone: update.timeZone,
      businessHours: update.businessHours,
      updatedAt: sql`now()`,
    })
    .where(and(eq(entities.id, id), eq(entities.id, callerEntityId)))
    .returning();
  if (!row) throw new AppError('not_found', 'Entity not found.');
  return toEntity(row);
}
