import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';
import { notificationColumns, toNotification } from '../notifications/notification-record.ts';

/** The most notifications one read returns; a shorter batch is the last. */
const NOTIFICATIONS_AFTER_BATCH = 100;

/**
 * The entity's notifications after position `afterSeq`, oldest first, at most a batch, up to the
 * first position that is not final yet (decision 061): its transaction, or one before it, may
 * still be running, so a lead with a lower position may still commit. `pending` says one was
 * left for a later read.
 */
export async function listNotificationsAfter(db: Database, entityId: string, afterSeq: number) {
  const rows = await db
    .select({
      ...notificationColumns,
      isFinal: sql<boolean>`${notifications.seq} < (select leadbell_final_positions_below())`,
    })
    .from(notifications)
    // Spam never reaches a console live (decision 039), nor a deleted lead on a catch-up; their
    // positions are skipped like any other.
    .where(
      and(
        eq(notifications.entityId, entityId),
        gt(notifications.seq, afterSeq),
        ne(notifications.leadStatus, 'spam'),
        isNull(notifications.deletedAt),
      ),
    )
    .orderBy(asc(notifications.seq))
    .limit(NOTIFICATIONS_AFTER_BATCH);
  const final = rows.filter((row) => row.isFinal);
  const summaries = await summarizeDeliveries(
    db,
    final.map((row) => row.id),
  );
  return {
    notifications: final.map((row) => ({ seq: row.seq, notification: toNotification(row, summaries.get(row.id)!) })),
    pending: final.length < rows.length,
    /** Whether the read reached the end: a full batch of final positions may have more after it. */
    complete: rows.length < NOTIFICATIONS_AFTER_BATCH,
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
