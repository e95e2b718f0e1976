import { and, eq } from 'drizzle-orm';
import type { Entity } from '@leadbell/shared/entities';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { toEntity } from './entity-record.ts';

/** The caller's own entity by id; any other id, existing or not, answers 404. */
export async function getEntityOrThrow(
  db: Database,
  callerEntityId: string | null,
  id: string,
  now: Date,
): Promise<Entity> {
  if (!callerEntityId || !isUuid(id)) throw new AppError('not_found', 'Entity not found.');
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.id, id), eq(entities.id, callerEntityId)));
  if (!row) throw new AppError('not_found', 'Entity not found.');
  return toEntity(row, now);
}

export async function findEntity(db: Database, id: string | null, now: Date): Promise<Entity | null> {
  if (!id) return null;
  const [row] = await db.select().from(entities).where(eq(entities.id, id));
  return row ? toEntity(row, now) : null;
}
