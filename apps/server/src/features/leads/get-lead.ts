import { and, asc, eq } from 'drizzle-orm';
import type { DeliveryDetail } from '@leadbell/shared/notifications';
import type { LeadDetail, LeadTimelineEntry } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { leadEvents } from '../../db/schema/lead-events.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { listDeliveries } from '../deliveries/list-deliveries.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';
import { selectLeads, toLead } from './lead-record.ts';

function deviceNameOf(delivery: DeliveryDetail): string | null {
  if (delivery.channel === 'email') return delivery.recipient.email;
  return delivery.device?.label ?? delivery.device?.pushService ?? null;
}

/** What each delivery adds to the timeline: sent to a device or mailbox, confirmed by the device, or failed. */
function deliveryEntries(delivery: DeliveryDetail): LeadTimelineEntry[] {
  const person = delivery.recipient.userId
    ? { userId: delivery.recipient.userId, name: delivery.recipient.name ?? 'Someone who left' }
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
 * A lead with everything stored about it: every data field, who holds it, its timeline (received,
 * each device and mailbox, seen, claimed, released, done) and who has seen it. Another entity's
 * lead answers 404.
 */
export async function getLead(
  db: Database,
  { id, entityId, viewerId }: { id: string; entityId: string; viewerId: string },
): Promise<LeadDetail> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const [row] = await selectLeads(db, viewerId, and(eq(notifications.id, id), eq(notifications.entityId, entityId)));
  if (!row) throw new AppError('not_found', 'Lead not found.');
  const [summaries, deliveries, events, [entity]] = await Promise.all([
    summarizeDeliveries(db, [id]),
    listDeliveries(db, id, entityId),
    db
      .select({ kind: leadEvents.kind, at: leadEvents.at, userId: leadEvents.userId, name: users.name })
      .from(leadEvents)
      .leftJoin(users, eq(users.id, leadEvents.userId))
      .where(and(eq(leadEvents.notificationId, id), eq(leadEvents.entityId, entityId)))
      .orderBy(asc(leadEvents.id)),
    db.select({ defaultCountry: entities.defaultCountry }).from(entities).where(eq(entities.id, entityId)),
  ]);
  const lead = toLead(row, summaries.get(id)!);
  const eventEntries: LeadTimelineEntry[] = events.map((event) => ({
    kind: event.kind,
    at: event.at.toISOString(),
    person: event.userId ? { userId: event.userId, name: event.name ?? 'Someone who left' } : null,
    detail: null,
  }));
  const timeline = [
    { kind: 'received' as const, at: lead.createdAt, person: null, detail: lead.pageUrl },
    ...deliveries.flatMap(deliveryEntries),
    ...eventEntries,
  ].sort((a, b) => a.at.localeCompare(b.at));
  const seenBy = events
    .filter((event) => event.kind === 'seen' && event.userId)
    .map((event) => ({ userId: event.userId!, name: event.name ?? 'Someone who left', at: event.at.toISOString() }));
  return { ...lead, timeline, seenBy, defaultCountry: entity?.defaultCountry ?? null };
}
