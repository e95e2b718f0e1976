import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Invite, TeamInvitation } from '@leadbell/shared/team';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entityInvitations } from '../../db/schema/invitations.ts';
import { AppError } from '../../http/app-error.ts';
import { newInvitationToken } from './invitation-token.ts';
import { takeInvitationMail } from './limit-invitation-mails.ts';
import { lockEntity } from './lock-entity.ts';
import { requireFreeSeat } from './seats.ts';
import { sendInvitationMail, type InvitationMailer } from './send-invitation-mail.ts';
import { invitationColumns, toTeamInvitation } from './team-records.ts';

/**
 * Invites someone by email (decision 023): one seat is taken until they join, the invitation
 * expires or it is revoked; inviting the same email again replaces the earlier link.
 */
export async function inviteTeammate(
  db: Database,
  mail: InvitationMailer,
  { entityId, inviter, invite, now }: { entityId: string; inviter: SessionUser; invite: Invite; now: Date },
): Promise<TeamInvitation> {
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  const row = await db.transaction(async (tx) => {
    await lockEntity(tx, entityId);
    const [person] = await tx
      .select({ entityId: users.entityId })
      .from(users)
      .where(and(eq(users.email, invite.email), isNotNull(users.entityId)));
    if (person) {
      // One business per person (decision 023): an invitation they could never accept would hold a
      // seat until it expired. The other business is not named.
      const message =
        person.entityId === entityId
          ? 'This person is already in your team.'
          : 'This person already belongs to another business on Leadbell. They need to leave it before they can join yours.';
      throw new AppError('validation_error', message, { fields: { email: [message] } });
    }
    await takeInvitationMail(tx, entityId, now);
    // A new invitation for the same email replaces the old link (and frees its seat first).
    await tx
      .update(entityInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(entityInvitations.entityId, entityId),
          eq(entityInvitations.email, invite.email),
          isNull(entityInvitations.acceptedAt),
          isNull(entityInvitations.revokedAt),
        ),
      );
    await requireFreeSeat(tx, entityId, now);
    const [created] = await tx
      .insert(entityInvitations)
      .values({ entityId, email: invite.email, role: invite.role, tokenHash, invitedBy: inviter.id, expiresAt })
      .returning(invitationColumns);
    return created!;
  });
  await sendInvitationMail(db, mail, {
    entityId,
    email: row.email,
    role: row.role,
    token,
    inviterName: inviter.name,
  });
  return toTeamInvitation(row, inviter.name, now);
}
