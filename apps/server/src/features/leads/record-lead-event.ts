import { sql } from 'drizzle-orm';
import type { LeadEventKind } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { leadEvents } from '../../db/schema/lead-events.ts';
import { LEAD_EVENTS_CHANNEL, leadEventPayload } from '../events/notification-hub.ts';

/**
 * Keeps what someone did with a lead for its timeline, and tells every open console of the
 * entity once the transaction commits (NOTIFY is transactional), on every server process.
 */
export async function recordLeadEvent(
  tx: Database,
  {
    entityId,
    notificationId,
    kind,
    userId,
    detail,
  }: {
    entityId: string;
    notificationId: string;
    kind: LeadEventKind;
    userId: string | null;
    /** What the event carries beyond who and when (a note's text, the outcome set…). */
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  // A second `seen` by the same member is no news: nothing kept, nobody told.
  const kept = await tx
    .insert(leadEvents)
    .values({ entityId, notificationId, kind, userId, detail: detail ?? null })
    .onConflictDoNothing()
    .returning({ id: leadEvents.id });
  if (kept.length === 0) return;
  await tx.execute(sql`select pg_notify(${LEAD_EVENTS_CHANNEL}, ${leadEventPayload(entityId, notificationId)})`);
}
