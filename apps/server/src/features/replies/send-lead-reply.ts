import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { leadEmailOf } from '@leadbell/shared/contact';
import { getPlan } from '@leadbell/shared/plans';
import { replySubjectOf, type LeadReply } from '@leadbell/shared/replies';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { flows } from '../../db/schema/flows.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { takeAllowances } from '../allowances/take-allowances.ts';
import { claimOpenLead } from '../leads/claim-lead.ts';
import { findLeadState, liveLeadOf } from '../leads/lead-record.ts';
import { recordLeadEvent } from '../leads/record-lead-event.ts';
import { billingColumns, billingStateOf } from '../../lib/billing-state.ts';
import { isUnprovenBusiness, replyAllowancesOf } from './reply-allowances.ts';
import { replyMail } from './reply-mail.ts';

/**
 * A reply from the lead card (issue 26): one email to the lead's own address (never one from the
 * request), then, once the mail server took it, the `replied` event; on a lead nobody is on, the
 * reply is the first response and claims it for the member exactly as "I'm on it" does. A lead
 * someone else holds (or done) is answered all the same without taking it from them. Only a real
 * visitor is answered (issue 47): a test lead carries whatever address its sender typed, a held
 * or spam lead one nobody vouched for. The reply's allowances are taken before the mail goes and
 * given back if it fails; the mail goes out before anything is written, so a refused mail leaves
 * no trace (502 `mail_failed`), and no transaction waits on the mail server.
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
    visitorMailsPerMinute,
  }: {
    id: string;
    entityId: string;
    user: SessionUser;
    input: { subject?: string | undefined; body: string };
    mailer: Mailer;
    now: Date;
    log: FastifyBaseLogger;
    visitorMailsPerMinute: number;
  },
): Promise<LeadReply> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const [lead] = await db
    .select({
      data: notifications.data,
      leadStatus: notifications.leadStatus,
      isTest: notifications.isTest,
      isHeld: notifications.isHeld,
      businessName: entities.name,
      businessCreatedAt: entities.createdAt,
      replySubject: flows.replySubject,
      ...billingColumns,
    })
    .from(notifications)
    .innerJoin(entities, eq(entities.id, notifications.entityId))
    .innerJoin(flows, eq(flows.id, notifications.flowId))
    .where(liveLeadOf(entityId, id));
  if (!lead) throw new AppError('not_found', 'Lead not found.');
  if (lead.isTest) throw new AppError('lead_is_test', 'This is a test lead: replies go only to real visitors.');
  if (lead.isHeld)
    throw new AppError(
      'lead_is_held',
      'This lead is held past your plan’s limit: choose a larger plan to reply to it.',
    );
  if (lead.leadStatus === 'spam')
    throw new AppError('lead_is_spam', 'This lead is in Spam: mark it as not spam before replying.');
  const to = leadEmailOf(lead.data);
  if (!to) throw new AppError('lead_unreachable', 'This lead left no valid email address to reply to.');

  const { plan } = billingStateOf(lead, now);
  const taken = await takeAllowances(
    db,
    replyAllowancesOf({
      visitor: to,
      userId: user.id,
      entityId,
      isUnproven: isUnprovenBusiness({ priceUsd: getPlan(plan).priceUsd, createdAt: lead.businessCreatedAt }, now),
      visitorMailsPerMinute,
    }),
  );

  const subject =
    input.subject ?? replySubjectOf({ template: lead.replySubject, businessName: lead.businessName, data: lead.data });
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
    await taken.giveBack();
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
