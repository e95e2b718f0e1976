import { eq } from 'drizzle-orm';
import type { Role } from '@leadbell/shared/session';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invitationLinkOf } from './invitation-token.ts';
import { invitationMail } from './invitation-mail.ts';

export type InvitationMailer = {
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/**
 * Mails an invitation once it is committed. A mail server that refuses is logged rather than
 * failing the request: the invitation stands, and the Team page's Resend sends it again.
 */
export async function sendInvitationMail(
  db: Database,
  { mailer, publicUrl, log }: InvitationMailer,
  invitation: { entityId: string; email: string; role: Role; token: string; inviterName: string },
): Promise<void> {
  const [entity] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, invitation.entityId));
  if (!entity) return;
  try {
    await mailer.send(
      invitationMail({
        to: invitation.email,
        entityName: entity.name,
        inviterName: invitation.inviterName,
        role: invitation.role,
        link: invitationLinkOf(publicUrl, invitation.token),
      }),
    );
  } catch (error) {
    log.error({ err: error, to: invitation.email }, 'sending an invitation mail failed');
  }
}
