import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invitationMails } from '../../db/schema/invitations.ts';
import { AppError } from '../../http/app-error.ts';

/** Invitation emails an entity may send per hour, new and resent alike: enough for any team, too few to spam with. */
export const INVITATION_MAILS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts one invitation email against the entity's hourly allowance, or refuses it with 429.
 * The caller holds the entity's lock, so two admins inviting at once cannot both take the last one.
 */
export async function takeInvitationMail(tx: Database, entityId: string, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [recent] = await tx
    .select({ sent: count() })
    .from(invitationMails)
    .where(and(eq(invitationMails.entityId, entityId), gt(invitationMails.sentAt, hourAgo)));
  if ((recent?.sent ?? 0) >= INVITATION_MAILS_PER_HOUR)
    throw new AppError(
      'rate_limited',
      `At most ${INVITATION_MAILS_PER_HOUR} invitation emails an hour. Try again later.`,
      {
        headers: { 'retry-after': '3600' },
      },
    );
  await tx
    .delete(invitationMails)
    .where(and(eq(invitationMails.entityId, entityId), lt(invitationMails.sentAt, hourAgo)));
  await tx.insert(invitationMails).values({ entityId, sentAt: now });
}
