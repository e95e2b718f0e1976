import { and, eq, sql } from 'drizzle-orm';
import type { NotifyRequest, NotifyResponse } from '@leadbell/shared/notifications';
import { renderTemplate } from '@leadbell/shared/template';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import type { DeliveryQueue } from '../../jobs/delivery-queue.ts';
import type { ApiKeyCaller } from '../api-keys/authenticate-api-key.ts';
import { enqueueDeliveries } from '../deliveries/enqueue-deliveries.ts';
import { NOTIFICATIONS_CHANNEL } from '../events/notification-hub.ts';
import { billingColumns, billingStateOf } from '../usage/billing-state.ts';
import { requireWithinQuota } from '../usage/require-within-quota.ts';
import { findReplay, rememberResponse } from './idempotency.ts';

// Key space of the two-key advisory locks taken while ingesting ('lb' in ASCII).
const ENTITY_LOCK_NAMESPACE = 0x6c62;

export type IngestResult = { response: NotifyResponse; isReplay: boolean };

type StoredNotification = { id: string; flow_id: string; created_at: string; usage_count: number };

/**
 * Stores a notification a website sent: the flow's templates (or the request's own title and
 * message) filled from `data`. The notification, its count against the plan, the flow's counters,
 * its delivery jobs and the idempotency record commit together, so a 202 always means stored and
 * queued, and a refusal leaves nothing behind. Statements are few and combined on purpose: every
 * round trip inside the transaction holds the entity's lock longer.
 */
export async function ingestNotification(
  db: Database,
  queue: DeliveryQueue,
  caller: ApiKeyCaller,
  input: NotifyRequest,
  idempotencyKey: string | null,
): Promise<IngestResult> {
  return db.transaction(async (tx) => {
    // Per entity, notifications take their position (seq) and commit in the same order, so a live
    // stream that has delivered position N never sees an earlier one commit later. The lock also
    // serialises the quota count and idempotency checks. The flow is read in the same statement:
    // it may be a moment stale, which is harmless; everything after the lock is read fresh.
    const [flow] = await tx
      .select({ id: flows.id, title: flows.title, message: flows.message, ...billingColumns })
      .from(flows)
      .innerJoin(entities, eq(entities.id, flows.entityId))
      .where(
        and(
          eq(flows.id, input.flowId),
          eq(flows.entityId, caller.entityId),
          sql`pg_advisory_xact_lock(${ENTITY_LOCK_NAMESPACE}, hashtext(${caller.entityId})) is not null`,
        ),
      );
    if (idempotencyKey) {
      const replay = await findReplay(tx, caller.entityId, idempotencyKey);
      if (replay) return { response: replay, isReplay: true };
    }
    if (!flow) throw new AppError('not_found', 'Flow not found.');
    const billing = billingStateOf(flow, new Date());
    const data = input.data ?? {};

    // One statement: count it for the month, store it, bump the flow's counters and the key's
    // last use (at most once a minute, so a busy site does not rewrite its key on every request),
    // and tell live consoles (NOTIFY is delivered on commit only).
    const { rows } = await tx.execute<StoredNotification>(sql`
      with usage as (
        insert into entity_usage (entity_id, period_start, notification_count)
        values (${caller.entityId}, ${billing.period.start.toISOString()}, 1)
        on conflict (entity_id, period_start)
          do update set notification_count = entity_usage.notification_count + 1
        returning notification_count
      ), stored as (
        insert into notifications (entity_id, flow_id, title, message, url, data)
        values (${caller.entityId}, ${flow.id},
                ${renderTemplate(input.title ?? flow.title, data)},
                ${renderTemplate(input.message ?? flow.message, data)},
                ${input.url ?? null}, ${input.data ? JSON.stringify(input.data) : null}::jsonb)
        returning id, flow_id, created_at
      ), counted_flow as (
        update flows set notification_count = notification_count + 1,
                         last_notification_at = (select created_at from stored)
         where id = ${flow.id}
      ), used_key as (
        update api_keys set last_used_at = (select created_at from stored)
         where id = ${caller.apiKeyId}
           and (last_used_at is null or last_used_at < now() - interval '1 minute')
      )
      select stored.id, stored.flow_id, stored.created_at, usage.notification_count as usage_count,
             pg_notify(${NOTIFICATIONS_CHANNEL}, ${caller.entityId})
        from stored, usage`);
    const stored = rows[0]!;
    requireWithinQuota(billing, stored.usage_count);
    await enqueueDeliveries(tx, queue, { id: stored.id, entityId: caller.entityId });

    const response: NotifyResponse = {
      id: stored.id,
      flowId: stored.flow_id,
      createdAt: new Date(stored.created_at).toISOString(),
      status: 'accepted',
    };
    if (idempotencyKey) await rememberResponse(tx, caller.entityId, idempotencyKey, response);
    return { response, isReplay: false };
  });
}
