import { and, eq } from 'drizzle-orm';
import type { Entity } from '@leadbell/shared/entities';
import type { PlanId } from '@leadbell/shared/plans';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { ApiKeyCipher } from '../api-keys/api-key-cipher.ts';
import { issueFirstApiKey } from '../api-keys/issue-api-key.ts';
import { toEntity } from './entity-record.ts';

/** Sets the entity's plan; choosing the first plan also issues the entity's first API key. */
export async function selectPlan(
  db: Database,
  cipher: ApiKeyCipher,
  { user, entityId, plan }: { user: SessionUser; entityId: string; plan: PlanId },
): Promise<Entity> {
  if (!user.entityId || !isUuid(entityId)) throw new AppError('not_found', 'Entity not found.');
  if (user.role !== 'admin') throw new AppError('forbidden', 'Only an admin can change the plan.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(entities)
      .set({ plan, updatedAt: new Date() })
      .where(and(eq(entities.id, entityId), eq(entities.id, user.entityId!)))
      .returning();
    if (!row) throw new AppError('not_found', 'Entity not found.');
    await issueFirstApiKey(tx, cipher, row.id);
    return toEntity(row);
  });
}
