import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { entityInvitations } from '../../db/schema/invitations.ts';
import { AppError } from '../../http/app-error.ts';
import { lockEntity } from './lock-entity.ts';
import { findInvitationByToken, type FoundInvitation } from './preview-invitation.ts';
import { requireSeatToJoin } from './seats.ts';

const UNAVAILABLE = {
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  revoked: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  used: 'This invitation has already been used.',
} as const;

/** 410 `invitation_unavailable`, saying why, unless the link still works. */
export function requirePendingInvitation(invitation: FoundInvitation): void {
  if (invitation.status !== 'pending') throw new AppError('invitation_unavailable', UNAVAILABLE[invitation.status]);
}

/**
 * Joins the entity the link invites to, with its role, in one transaction with spending the link
 * (decision 023). Only the invited, verified address can, only someone not in another
 * business (nobody is moved between businesses by a link), and only while the plan has a seat.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: Pick<SessionUser, 'id' | 'email' | 'entityId'>,
  now: Date,
): Promise<{ entityId: string }> {
  return db.transaction(async (tx) => {
    const invitation = await findInvitationByToken(tx, token, now);
    await lockEntity(tx, invitation.entityId);
    if (user.entityId === invitation.entityId && invitation.status === 'used') return { entityId: user.entityId };
    requirePendingInvitation(invitation);
    if (invitation.email !== user.email.toLowerCase())
      throw new AppError(
        'forbidden',
        `This invitation is for ${invitation.email}. You are signed in as ${user.email}: sign out and use the invited address.`,
      );
    if (user.entityId) {
      const [current] = await tx.select({ name: entities.name }).from(entities).where(eq(entities.id, user.entityId));
      throw new AppError(
        'already_in_entity',
        `You already belong to ${current?.name ?? 'another business'}. Leave it first (Team page), then open this link again.`,
      );
    }
    await requireSeatToJoin(tx, invitation.entityId, now);
    const spent = await tx
      .update(entityInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(entityInvitations.id, invitation.id), isNull(entityInvitations.acceptedAt)))
      .returning({ id: entityInvitations.id });
    if (spent.length === 0) throw new AppError('invitation_unavailable', UNAVAILABLE.used);
    await tx
      .update(users)
      .set({ entityId: invitation.entityId, role: invitation.role, entityJoinedAt: now, updatedAt: sql`now()` })
      .where(and(eq(users.id, user.id), isNull(users.entityId)));
    return { entityId: invitation.entityId };
  });
}
