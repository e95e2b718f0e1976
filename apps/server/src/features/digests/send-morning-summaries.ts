import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { entityDigests } from '../../db/schema/usage.ts';
import type { Mail } from '../../mail/mailer.ts';
import { digestMail } from './digest-mail.ts';

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
          })),
          action: { label: 'Open the open leads', href: `${publicUrl}/leads?filter=open` },
        }),
      );
    }
  }
  return mails;
}
