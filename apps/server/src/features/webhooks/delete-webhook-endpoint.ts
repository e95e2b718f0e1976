import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { ownedEndpoint } from './webhook-record.ts';

/** Deletes the endpoint and its delivery log; retries already queued find nothing and stop. */
export async function deleteWebhookEndpoint(
  db: Database,
  { entityId, id }: { entityId: string; id: string },
): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'Webhook endpoint not found.');
  const rows = await db
    .delete(webhookEndpoints)
    .where(ownedEndpoint(entityId, id))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw new AppError('not_found', 'Webhook endpoint not found.');
}
