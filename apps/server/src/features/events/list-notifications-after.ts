import { eq, sql } from 'drizzle-orm';
import type { Notification } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { fieldOfRow, fieldsOfRow } from '../../db/fields-of-row.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { toDeliverySummary } from '../deliveries/summarize-deliveries.ts';
import { notificationColumns, toNotification } from '../notifications/notification-record.ts';

/** The most notifications one read returns for an entity; a shorter batch is its last. */
const NOTIFICATIONS_AFTER_BATCH = 100;

export type NotificationsAfter = {
  /** Oldest first; the final positions (decision 061) come before the others. */
  notifications: Array<{ seq: number; isFinal: boolean; notification: Notification }>;
  /** A position read is not final yet: a later read gives it its id. */
  pending: boolean;
  /** Whether the read reached the end: a full batch of final positions may have more after it. */
  complete: boolean;
};

/**
 * For each entity, its notifications after its position, oldest first, at most a batch, each
 * saying whether its position is final (decision 061), with their delivery summaries. One call
 * of leadbell_live_notifications_after (75-live-feed.sql) reads every entity, however many a
 * process streams; planned once per connection there, since every live lead runs it (issue 45).
 */
export function prepareNotificationsAfter(db: Database) {
  const next = sql`next`;
  const lead = sql`${next}.lead`;
  const read = db
    .select({
      ...fieldsOfRow(lead, notificationColumns),
      entityId: fieldOfRow(lead, notifications.entityId),
      isFinal: sql<boolean>`${next}.is_final`,
      delivered: sql<number>`${next}.delivered`,
      failed: sql<number>`${next}.failed`,
      pending: sql<number>`${next}.pending`,
      reason: sql<string | null>`${next}.reason`,
    })
    .from(
      sql`leadbell_live_notifications_after(${sql.placeholder('entityIds')}::uuid[], ${sql.placeholder('afterSeqs')}::bigint[], ${NOTIFICATIONS_AFTER_BATCH}) as ${next}`,
    )
    .orderBy(fieldOfRow(lead, notifications.seq))
    .prepare('live_notifications_after');

  return async function listNotificationsAfter(
    afterSeqOf: ReadonlyMap<string, number>,
  ): Promise<Map<string, NotificationsAfter>> {
    const results = new Map<string, NotificationsAfter>();
    if (afterSeqOf.size === 0) return results;
    const rows = await read.execute({ entityIds: [...afterSeqOf.keys()], afterSeqs: [...afterSeqOf.values()] });
    for (const entityId of afterSeqOf.keys())
      results.set(entityId, { notifications: [], pending: false, complete: true });
    for (const row of rows) {
      const result = results.get(row.entityId)!;
      result.notifications.push({
        seq: row.seq,
        isFinal: row.isFinal,
        notification: toNotification(row, toDeliverySummary(row)),
      });
      result.pending ||= !row.isFinal;
    }
    for (const result of results.values()) result.complete = result.notifications.length < NOTIFICATIONS_AFTER_BATCH;
    return results;
  };
}

/**
 * Where a fresh stream starts: the entity's newest position, or just below the first position
 * not final yet when that is lower (decision 061). A lead committed since and below it would be
 * missed; one sent twice (above it, already committed) the console merges by id.
 */
export async function latestNotificationSeq(db: Database, entityId: string): Promise<number> {
  const [row] = await db
    .select({
      latest: sql<number | null>`least(max(${notifications.seq}), (select leadbell_final_positions_below()) - 1)`,
    })
    .from(notifications)
    .where(eq(notifications.entityId, entityId));
  return Number(row?.latest ?? 0);
}
