import { asc, eq } from 'drizzle-orm';
import type { WebhookEndpoint } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { toWebhookEndpoint } from './webhook-record.ts';

/** The entity's webhook endpoints, oldest first. */
export async function listWebhookEndpoints(db: Database, entityId: string, now: Date): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.entityId, entityId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map((row) => toWebhookEndpoint(row, now));
}
