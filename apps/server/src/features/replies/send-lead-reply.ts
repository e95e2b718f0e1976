import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { leadEmailOf } from '@leadbell/shared/contact';
import { defaultReplySubject, type LeadReply } from '@leadbell/shared/replies';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { leadEvents } from '../../db/schema/lead-events.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { claimOpenLead } from '../leads/claim-lead.ts';
import { findLeadState, liveLeadOf } from '../leads/lead-record.ts';
import { recordLeadEvent } from '../leads/record-lead-event.ts';
import { replyMail } from './reply-mail.ts';

/** Replies one member may send an hour: far more than anyone types, too few to spam with. */
export const REPLIES_PER_MEMBER_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A reply from the lead card (issue 26): one email to the lead's own address (never one from the
 * request), then, once the mail server took it, the `replied` event; on a lead nobody is on, the
 * reply is the first response and claims it for the member exactly as "I'm on it" does. A lead
 * someone else holds (or done) is answered all the same without taking it from them. The mail goes
 * out before anything is written, so a refused mail leaves no trace (502 `mail_failed`), and no
 * transaction waits on the mail server.
 */
export async function sendLeadReply(
  db: Database,
  {
    id,
    entityId,
    user,
    input,
    mailer,
    now,
    log,
  }: {
    id: string;
    entityId: string;
    user: SessionUser;
    input: { subject?: string | undefined; body: string };
    mailer: Mailer;
    now: Date;
    log: FastifyBaseLogger;
  },
): Promise<LeadReply> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const [lead] = await db
    .select({
      title: notifications.title,
      data: notifications.data,
      leadStatus: notifications.leadStatus,
      businessName: entities.name,
    })
    .from(notifications)
    .innerJoin(entities, eq(entities.id, notifications.entityId))
    .where(liveLeadOf(entityId, id));
  if (!lead) throw new AppError('not_found', 'Lead not found.');
  if (lead.leadStatus === 'spam')
    throw new AppError('lead_is_spam', 'This lead is in Spam: mark it as not spam before replying.');
  const to = leadEmailOf(lead.data);
  if (!to) throw new AppError('lead_unreachable', 'This lead left no valid email address to reply to.');

  const [recent] = await db
    .select({ sent: count() })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.entityId, entityId),
        eq(leadEvents.userId, user.id),
        eq(leadEvents.kind, 'replied'),
        gt(leadEvents.at, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  if ((recent?.sent ?? 0) >= REPLIES_PER_MEMBER_PER_HOUR)
    throw new AppError('rate_limited', `At most ${REPLIES_PER_MEMBER_PER_HOUR} replies an hour. Try again later.`, {
      headers: { 'retry-after': '600' },
    });

  const subject = input.subject ?? defaultReplySubject(lead.title);
  const mail = replyMail({
    to,
    subject,
    body: input.body,
    memberName: user.name,
    memberEmail: user.email,
    businessName: lead.businessName,
  });
  try {
    await mailer.send(mail);
  } catch (error) {
    log.error({ err: error, notificationId: id }, 'a reply to a lead could not be sent');
    throw new AppError('mail_failed', 'The reply could not be sent: our mail server did not take it. Try again.');
  }

  await db.transaction(async (tx) => {
    await claimOpenLead(tx, { id, entityId, userId: user.id, now });
    await recordLeadEvent(tx, {
      entityId,
      notificationId: id,
      kind: 'replied',
      userId: user.id,
      detail: { to, subject, body: input.body },
    });
  });
  const state = await findLeadState(db, entityId, id);
  if (!state) throw new AppError('not_found', 'Lead not found.');
  return {
    reply: {
      kind: 'replied',
      at: now.toISOString(),
      person: { userId: user.id, name: user.name },
      detail: to,
      text: input.body,
    },
    lead: state,
  };
}
