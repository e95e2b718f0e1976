import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { NotificationPage, NotificationPageQuery } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';
import { getFlowOrThrow } from '../flows/get-flow.ts';
import { notificationColumns, toNotification } from './notification-record.ts';

/**
 * The rows of one page of a flow the caller's entity owns (and one more, which says whether
 * another page follows). Keyset pagination on (flow_id, seq) reads one index range, so the first
 * page costs the same for 10 rows as for 100,000 (its plan is under test as it runs here).
 */
export function notificationPageRows(
  db: Database,
  { flowId, cursor, limit }: NotificationPageQuery & { flowId: string },
) {
  return db
    .select(notificationColumns)
    .from(notifications)
    .where(
      and(
        eq(notifications.flowId, flowId),
        // Spam is the inbox's Spam view's (decision 039), not the flow's history.
        ne(notifications.leadStatus, 'spam'),
        // An admin deleted it (issue 25): gone from every list.
        isNull(notifications.deletedAt),
        cursor ? lt(notifications.seq, Number(cursor)) : undefined,
      ),
    )
    .orderBy(desc(notifications.seq))
    .limit(limit + 1);
}

/**
 * One page of a flow's notifications, newest first, each with where its deliveries stand; the
 * delivery summaries of the page come from one more query.
 */
export async function listNotifications(
  db: Database,
  { flowId, entityId, cursor, limit }: NotificationPageQuery & { flowId: string; entityId: string },
): Promise<NotificationPage> {
  const flow = await getFlowOrThrow(db, entityId, flowId);
  const rows = await notificationPageRows(db, { flowId: flow.flowId, cursor, limit });
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const summaries = await summarizeDeliveries(
    db,
    page.map((row) => row.id),
  );
  return {
    Notifications: page.map((row) => toNotification(row, summaries.get(row.id)!)),
    flow: flow.name,
    flowTitle: flow.title,
    nextCursor: hasMore ? String(page.at(-1)!.seq) : null,
  };
}
