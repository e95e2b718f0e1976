import { and, eq, sql } from 'drizzle-orm';
import type { TeamMember, UpdateMember } from '@leadbell/shared/team';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../http/app-error.ts';
import { requireAnotherAdmin } from './end-membership.ts';
import { getTeam } from './get-team.ts';
import { lockEntity } from './lock-entity.ts';

/** Makes a member an admin or an admin a member; the last admin stays one. Applies to their next request. */
export async function changeMemberRole(
  db: Database,
  {
    entityId,
    userId,
    viewerId,
    update,
    now,
  }: { entityId: string; userId: string; viewerId: string; update: UpdateMember; now: Date },
): Promise<TeamMember> {
  if (userId.length > 100) throw new AppError('not_found', 'Member not found.');
  await db.transaction(async (tx) => {
    await lockEntity(tx, entityId);
    if (update.role === 'user') await requireAnotherAdmin(tx, { entityId, userId });
    const changed = await tx
      .update(users)
      .set({ role: update.role, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.entityId, entityId)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new AppError('not_found', 'Member not found.');
  });
  const member = (await getTeam(db, { entityId, viewerId, now })).members.find(
    (candidate) => candidate.userId === userId,
  );
  return member!;
}
