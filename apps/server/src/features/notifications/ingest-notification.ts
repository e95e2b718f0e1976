import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotifyRequest, NotifyResponse } from '@leadbell/shared/notifications';
import { renderTemplate } from '@leadbell/shared/template';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { flows } from '../../db/schema/flows.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApiKeyCaller } from '../api-keys/authenticate-api-key.ts';
import { NOTIFICATIONS_CHANNEL } from '../events/notification-hub.ts';
import { ownedFlow } from '../flows/flow-record.ts';

// Key space of the two-key advisory locks taken while ingesting ('lb' in ASCII).
const ENTITY_LOCK_NAMESPACE = 0x6c62;

/**
 * Stores a notification a website sent: the flow's templates (or the request's own title and
 * message) filled from `data`. The notification, the flow's counters and the key's last use
 * change in one transaction.
 */
export async function ingestNotification(
  db: Database,
  caller: ApiKeyCaller,
  input: NotifyRequest,
): Promise<NotifyResponse> {
  return db.transaction(async (tx) => {
    // Per entity, notifications take their position (seq) and commit in the same order, so a live
    // stream that has delivered position N never sees an earlier one commit later.
    await tx.execute(sql`select pg_advisory_xact_lock(${ENTITY_LOCK_NAMESPACE}, hashtext(${caller.entityId}))`);
    const [flow] = await tx
      .select({ id: flows.id, title: flows.title, message: flows.message })
      .from(flows)
      .where(ownedFlow(input.flowId, caller.entityId));
    if (!flow) throw new AppError('not_found', 'Flow not found.');

    const data = input.data ?? {};
    const [row] = await tx
      .insert(notifications)
      .values({
        entityId: caller.entityId,
        flowId: flow.id,
        title: renderTemplate(input.title ?? flow.title, data),
        message: renderTemplate(input.message ?? flow.message, data),
        data: input.data ?? null,
      })
      .returning({ id: notifications.id, flowId: notifications.flowId, createdAt: notifications.createdAt });

    await tx
      .update(flows)
      .set({ notificationCount: sql`${flows.notificationCount} + 1`, lastNotificationAt: row!.createdAt })
      .where(eq(flows.id, flow.id));
    // At most one write a minute per key: a busy site must not turn every request into a key update.
    await tx
      .update(apiKeys)
      .set({ lastUsedAt: row!.createdAt })
      .where(
        and(
          eq(apiKeys.id, caller.apiKeyId),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );

    // Delivered to listeners on commit only.
    await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${caller.entityId})`);

    return { id: row!.id, flowId: row!.flowId, createdAt: row!.createdAt.toISOString() };
  });
}
