import { and, desc, eq } from 'drizzle-orm';
import type { WebhookDelivery } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { deliveryColumns, ownedEndpoint, toWebhookDeliveries } from './webhook-record.ts';

/** How many of the latest deliveries the log shows. */
export const WEBHOOK_LOG_SIZE = 100;

/** The endpoint's (or the Slack connection's) delivery log, newest first, each with its attempts; 404 for another entity's endpoint. */
export async function listWebhookDeliveries(
  db: Database,
  { entityId, id }: { entityId: string; id: string },
): Promise<WebhookDelivery[]> {
  if (!isUuid(id)) throw new AppError('not_found', 'Webhook endpoint not found.');
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(ownedEndpoint(entityId, id, 'any'));
  if (!endpoint) throw new AppError('not_found', 'Webhook endpoint not found.');
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.entityId, entityId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_SIZE);
  return toWebhookDeliveries(db, rows);
}
