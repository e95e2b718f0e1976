import { and, eq, isNull } from 'drizzle-orm';
import type { CreateEntity, Entity } from '@leadbell/shared/entities';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { localDefaultsOf } from './local-defaults.ts';
import { toEntity } from './entity-record.ts';

/** Creates the user's entity and makes the user its admin, or 409 when the user already has one. */
export async function createEntity(db: Database, user: SessionUser, input: CreateEntity, now: Date): Promise<Entity> {
  if (user.role !== 'admin') throw new AppError('forbidden', 'Only an admin can create an entity.');
  return db.transaction(async (tx) => {
    const [entity] = await tx
      .insert(entities)
      .values({
        name: input.name,
        ...(input.timeZone && { timeZone: input.timeZone }),
        ...localDefaultsOf(input),
      })
      .returning();
    // The entity_id-is-null condition makes two concurrent submits create one entity, not two.
    const claimed = await tx
      .update(users)
      .set({ entityId: entity!.id, role: 'admin', entityJoinedAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.entityId)))
      .returning({ id: users.id });
    if (claimed.length === 0) throw new AppError('entity_exists', 'You already have an entity.');
    return toEntity(entity!, now);
  });
}
