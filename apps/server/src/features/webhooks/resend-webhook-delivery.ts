import { and, eq, sql } from 'drizzle-orm';
import type { WebhookDelivery } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { DeliveryQueue } from '../../jobs/delivery-queue.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { deliveryColumns, toWebhookDeliveries } from './webhook-record.ts';

/**
 * "Resend": the same event (same `webhook-id`, same body) is sent again as the next attempt, by
 * the worker, now. A delivery still waiting for a retry is sent now instead; its scheduled job
 * then finds the attempt taken and does nothing.
 */
export async function resendWebhookDelivery(
  { db, queue }: { db: Database; queue: Pick<DeliveryQueue, 'enqueue'> },
  { entityId, endpointId, deliveryId }: { entityId: string; endpointId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  if (!isUuid(endpointId) || !isUuid(deliveryId)) throw new AppError('not_found', 'Delivery not found.');
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.entityId, entityId),
        ),
      )
      .returning(deliveryColumns);
    const row = rows[0];
    if (!row) throw new AppError('not_found', 'Delivery not found.');
    await queue.enqueue(tx, [{ payload: { kind: 'webhook', deliveryId, attempt: row.attempts } }]);
    await wakeDeliveryWorkers(tx);
    const [answer] = await toWebhookDeliveries(tx, rows);
    return answer!;
  });
}
