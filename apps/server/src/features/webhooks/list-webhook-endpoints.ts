import { and, asc, eq } from 'drizzle-orm';
import type { WebhookEndpoint } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { toWebhookEndpoint } from './webhook-record.ts';

/** The entity's webhook endpoints, oldest first (its Slack connection is not one of them here). */
export async function listWebhookEndpoints(db: Database, entityId: string, now: Date): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.entityId, entityId), eq(webhookEndpoints.kind, 'standard')))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map((row) => toWebhookEndpoint(row, now));
}
