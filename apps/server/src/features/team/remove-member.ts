import type { Database } from '../../db/client.ts';
import { endMembership, requireAnotherAdmin } from './end-membership.ts';
import { lockEntity } from './lock-entity.ts';

/** An admin removes someone (themselves included, unless they are the last admin). */
export async function removeMember(db: Database, { entityId, userId }: { entityId: string; userId: string }) {
  await db.transaction(async (tx) => {
    await lockEntity(tx, entityId);
    await requireAnotherAdmin(tx, { entityId, userId });
    await endMembership(tx, { entityId, userId });
  });
}
