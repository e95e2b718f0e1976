import { and, asc, eq } from 'drizzle-orm';
import type { DeliveryDetail } from '@leadbell/shared/notifications';
import { DEFAULT_CURRENCY } from '@leadbell/shared/lead-notes-outcomes';
import type { LeadTimeline, LeadTimelineEntry } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { leadEvents } from '../../db/schema/lead-events.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { listDeliveries } from '../deliveries/list-deliveries.ts';
import { leadCallEntries } from '../voice/lead-call-entries.ts';
import { leadChannelPosts } from './lead-channel-posts.ts';
import { leadEventDetailOf } from './lead-event-detail.ts';
import { liveLeadOf } from './lead-record.ts';

const SOMEONE_WHO_LEFT = 'Someone who left';
const TELEGRAM_DETAIL = 'Telegram';
const SMS_DETAIL = 'Text message';
const CALL_DETAIL = 'Phone call';

function deviceNameOf(delivery: DeliveryDetail): string | null {
  if (delivery.channel === 'email') return delivery.recipient.email;
  // The console reads this detail of a `delivered` entry as "Sent to Ann on Telegram" (decision 052).
  if (delivery.channel === 'telegram') return TELEGRAM_DETAIL;
  // Read as "Texted Ana" when sent, "Text reached Ana’s phone" on Twilio's delivered callback (decision 053).
  if (delivery.channel === 'sms') return SMS_DETAIL;
  // Read as "Calling Ana"; the call's own entry (`phoned`) says how it went (issue 50).
  if (delivery.channel === 'voice') return CALL_DETAIL;
  return delivery.device?.label ?? delivery.device?.pushService ?? null;
}

/** What each delivery adds to the timeline: sent to a device or mailbox, confirmed by the device, or failed. */
function deliveryEntries(delivery: DeliveryDetail): LeadTimelineEntry[] {
  const person = delivery.recipient.userId
    ? { userId: delivery.recipient.userId, name: delivery.recipient.name ?? SOMEONE_WHO_LEFT }
    : null;
  const detail = deviceNameOf(delivery);
  const entries: LeadTimelineEntry[] = [];
  if (delivery.deliveredAt)
    entries.push({
      kind: delivery.channel === 'email' ? 'emailed' : 'delivered',
      at: delivery.deliveredAt,
      person,
      detail,
    });
  if (delivery.receivedAt) entries.push({ kind: 'confirmed', at: delivery.receivedAt, person, detail });
  if (delivery.status === 'failed')
    entries.push({ kind: 'failed', at: delivery.createdAt, person, detail: delivery.lastError ?? detail });
  return entries;
}

/**
 * A lead's timeline, oldest first (received, each device and mailbox, its Slack post and webhooks,
 * each phone call to a member, seen, claimed, released, done, escalated, deleted, restored), and who has seen it. Another entity's lead, and a deleted
 * one, answer 404.
 */
export async function getLeadTimeline(
  db: Database,
  { id, entityId }: { id: string; entityId: string },
): Promise<LeadTimeline> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const [[lead], deliveries, events, posts, calls] = await Promise.all([
    db
      .select({ createdAt: notifications.createdAt, pageUrl: notifications.pageUrl, currency: entities.currency })
      .from(notifications)
      .innerJoin(entities, eq(entities.id, notifications.entityId))
      .where(liveLeadOf(entityId, id)),
    listDeliveries(db, entityId, id),
    db
      .select({
        kind: leadEvents.kind,
        at: leadEvents.at,
        userId: leadEvents.userId,
        name: users.name,
        detail: leadEvents.detail,
      })
      .from(leadEvents)
      .leftJoin(users, eq(users.id, leadEvents.userId))
      .where(and(eq(leadEvents.notificationId, id), eq(leadEvents.entityId, entityId)))
      .orderBy(asc(leadEvents.id)),
    leadChannelPosts(db, { id, entityId }),
    leadCallEntries(db, { id, entityId }),
  ]);
  if (!lead) throw new AppError('not_found', 'Lead not found.');
  const personOf = (event: (typeof events)[number]) =>
    event.userId ? { userId: event.userId, name: event.name ?? SOMEONE_WHO_LEFT } : null;
  const timeline = [
    { kind: 'received' as const, at: lead.createdAt.toISOString(), person: null, detail: lead.pageUrl },
    ...deliveries.flatMap(deliveryEntries),
    ...posts,
    ...calls,
    ...events.map((event) => ({
      kind: event.kind,
      at: event.at.toISOString(),
      person: personOf(event),
      ...leadEventDetailOf(event.kind, event.detail, lead.currency ?? DEFAULT_CURRENCY),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const seenBy = events.flatMap((event) => {
    const person = personOf(event);
    return event.kind === 'seen' && person ? [{ ...person, at: event.at.toISOString() }] : [];
  });
  return { timeline, seenBy };
}
