import { and, eq, isNull } from 'drizzle-orm';
import type { TeamInvitation } from '@leadbell/shared/team';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { entityInvitations } from '../../db/schema/invitations.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { newInvitationToken } from './invitation-token.ts';
import { takeInvitationMail } from './limit-invitation-mails.ts';
import { lockEntity } from './lock-entity.ts';
import { requireFreeSeat } from './seats.ts';
import { sendInvitationMail, type InvitationMailer } from './send-invitation-mail.ts';
import { listTeamInvitations } from './get-team.ts';

/** A link may be mailed again this often: a second click is a mistake, not a need. */
const RESEND_AFTER_SECONDS = 60;

/**
 * Sends the invitation again with a fresh link, valid for another full week; the old link stops
 * working. An expired invitation takes its seat back, so it needs a free one.
 */
export async function resendInvitation(
  db: Database,
  mail: InvitationMailer,
  { entityId, invitationId, sender, now }: { entityId: string; invitationId: string; sender: SessionUser; now: Date },
): Promise<TeamInvitation> {
  if (!isUuid(invitationId)) throw new AppError('not_found', 'Invitation not found.');
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  const row = await db.transaction(async (tx) => {
    await lockEntity(tx, entityId);
    const thisInvitation = and(
      eq(entityInvitations.id, invitationId),
      eq(entityInvitations.entityId, entityId),
      isNull(entityInvitations.acceptedAt),
      isNull(entityInvitations.revokedAt),
    );
    const [current] = await tx
      .select({ expiresAt: entityInvitations.expiresAt, sentAt: entityInvitations.sentAt })
      .from(entityInvitations)
      .where(thisInvitation);
    if (!current) throw new AppError('not_found', 'Invitation not found.');
    const wait = Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - current.sentAt.getTime()) / 1000);
    if (wait > 0)
      throw new AppError('rate_limited', `It was just sent. Try again in ${wait} s.`, {
        headers: { 'retry-after': String(wait) },
      });
    if (current.expiresAt <= now) await requireFreeSeat(tx, entityId, now);
    await takeInvitationMail(tx, entityId, now);
    const [updated] = await tx
      .update(entityInvitations)
      .set({ tokenHash, expiresAt, sentAt: now })
      .where(thisInvitation)
      .returning({ email: entityInvitations.email, role: entityInvitations.role });
    return updated!;
  });
  await sendInvitationMail(db, mail, { entityId, email: row.email, role: row.role, token, inviterName: sender.name });
  const [resent] = await listTeamInvitations(db, entityId, now, invitationId);
  return resent!;
}
