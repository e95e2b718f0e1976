import { and, asc, eq, gt, isNull, max, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';
import { notificationColumns, toNotification } from '../notifications/notification-record.ts';

/** The most notifications one read returns; a shorter batch is the last. */
export const NOTIFICATIONS_AFTER_BATCH = 100;

/** The entity's notifications after position `afterSeq`, oldest first, at most a batch. */
export async function listNotificationsAfter(db: Database, entityId: string, afterSeq: number) {
  const rows = await db
    .select(notificationColumns)
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
  const summaries = await summarizeDeliveries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ seq: row.seq, notification: toNotification(row, summaries.get(row.id)!) }));
}

/** The entity's newest position: where a fresh stream starts. */
export async function latestNotificationSeq(db: Database, entityId: string): Promise<number> {
  const [row] = await db
    .select({ latest: max(notifications.seq) })
    .from(notifications)
    .where(eq(notifications.entityId, entityId));
  return row?.latest ?? 0;
}
