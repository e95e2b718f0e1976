import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { contactActionsOf, leadEmailOf } from '@leadbell/shared/contact';
import { replySubjectOf } from '@leadbell/shared/replies';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { entityDigests } from '../../db/schema/usage.ts';
import type { Mail } from '../../mail/mailer.ts';
import { digestMail } from './digest-mail.ts';

/** The visitor's address and a `mailto:` that answers them about this lead, when they left one. */
function replyOf(
  lead: { data: Record<string, unknown> | null; replySubject: string | null },
  businessName: string,
): { address: string | null; href: string | null } {
  const { data } = lead;
  const replySubject = replySubjectOf({ template: lead.replySubject, businessName, data });
  const reply = contactActionsOf({ data, replySubject }, null).find((action) => action.kind === 'email');
  return { address: leadEmailOf(data), href: reply?.href ?? null };
}

const TIME = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/**
 * The mails of every morning summary that is due (decision 025): for each business with leads
 * that arrived while it was closed, once it has opened (their timers' start), one summary listing
 * them to every member. The leads and the summary are marked in one transaction, so it goes once
 * whatever the number of processes; the mails go out after the commit.
 */
export async function morningSummariesDue(
  db: Database,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<Mail[]> {
  // A closed-hours lead's timer starts at the opening after it arrived: once that has passed, it is due.
  const isDue = and(
    eq(notifications.isAfterHours, true),
    isNull(notifications.summarizedAt),
    lte(notifications.responseStartedAt, now),
    isNull(notifications.deletedAt),
  );
  const waiting = await db
    .selectDistinct({ entityId: notifications.entityId, name: entities.name, timeZone: entities.timeZone })
    .from(notifications)
    .innerJoin(entities, eq(entities.id, notifications.entityId))
    .where(isDue);
  const mails: Mail[] = [];
  for (const entity of waiting) {
    const leads = await db.transaction(async (tx) => {
      const due = await tx
        .update(notifications)
        .set({ summarizedAt: now })
        .where(and(eq(notifications.entityId, entity.entityId), isDue))
        .returning({
          id: notifications.id,
          title: notifications.title,
          data: notifications.data,
          replySubject: sql<string | null>`(select f.reply_subject from flows f where f.id = ${notifications.flowId})`,
          createdAt: notifications.createdAt,
          openedAt: notifications.responseStartedAt,
        });
      if (due.length === 0) return [];
      const opening = new Date(Math.min(...due.map((lead) => lead.openedAt!.getTime())));
      const recorded = await tx
        .insert(entityDigests)
        .values({ entityId: entity.entityId, kind: 'morning', period: opening.toISOString() })
        .onConflictDoNothing()
        .returning({ period: entityDigests.period });
      return recorded.length > 0 ? due : [];
    });
    if (leads.length === 0) continue;
    leads.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const replies = new Map(leads.map((lead) => [lead.id, replyOf(lead, entity.name)]));
    const members = await db.select({ email: users.email }).from(users).where(eq(users.entityId, entity.entityId));
    const format = TIME(entity.timeZone);
    const count = leads.length === 1 ? '1 lead' : `${leads.length} leads`;
    for (const member of members) {
      mails.push(
        digestMail({
          to: member.email,
          subject: `${entity.name}: ${count} came in while you were closed`,
          heading: `${count} came in while ${entity.name} was closed`,
          paragraphs: [
            'Nobody was rung for these, as they arrived outside your business hours. Their response timers started when you opened.',
          ],
          lines: leads.map((lead) => ({
            text: `${format.format(lead.createdAt)}: ${lead.title}`,
            href: `${publicUrl}/leads/${lead.id}`,
            ...(replies.get(lead.id)!.href && { replyHref: replies.get(lead.id)!.href! }),
          })),
          action: { label: 'Open the open leads', href: `${publicUrl}/leads?filter=open` },
          // One lead: "Reply" in the mail app answers its visitor, as a lead copy's does (issue 26).
          replyTo: leads.length === 1 ? replies.get(leads[0]!.id)!.address : null,
        }),
      );
    }
  }
  return mails;
}
