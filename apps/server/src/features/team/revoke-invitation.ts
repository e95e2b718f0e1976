import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entityInvitations } from '../../db/schema/invitations.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';

/** The link stops working at once and its seat is free again. */
export async function revokeInvitation(db: Database, entityId: string, invitationId: string): Promise<void> {
  if (!isUuid(invitationId)) throw new AppError('not_found', 'Invitation not found.');
  const revoked = await db
    .update(entityInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(entityInvitations.id, invitationId),
        eq(entityInvitations.entityId, entityId),
        isNull(entityInvitations.acceptedAt),
        isNull(entityInvitations.revokedAt),
      ),
    )
    .returning({ id: entityInvitations.id });
  if (revoked.length === 0) throw new AppError('not_found', 'Invitation not found.');
}
