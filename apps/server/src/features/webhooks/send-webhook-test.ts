import { and, eq } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpointKind } from '@leadbell/shared/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { attemptWebhookDelivery, recordWebhookAttempt, type WebhookDependencies } from './deliver-webhook.ts';
import { ownedEndpoint, deliveryColumns, toWebhookDeliveries } from './webhook-record.ts';

/**
 * "Send test event": a `webhook.test` event, sent now while the admin waits (at most the send
 * timeout) and kept in the log like any delivery, so the answer shows at once. Not retried. Also
 * for an endpoint that is off: it is how an admin checks it works again before turning it on.
 * `kind: 'slack'` for the Slack connection's "Send test".
 */
export async function sendWebhookTest(
  deps: WebhookDependencies,
  { entityId, id, kind = 'standard' }: { entityId: string; id: string; kind?: WebhookEndpointKind },
): Promise<WebhookDelivery> {
  const { db } = deps;
  if (!isUuid(id)) throw new AppError('not_found', 'Webhook endpoint not found.');
  const [endpoint] = await db
    .select({
      kind: webhookEndpoints.kind,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      lastSuccessAt: webhookEndpoints.lastSuccessAt,
    })
    .from(webhookEndpoints)
    .where(ownedEndpoint(entityId, id, kind));
  if (!endpoint) throw new AppError('not_found', 'Webhook endpoint not found.');
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: id, entityId, eventType: 'webhook.test' })
    .returning();
  const target = { ...delivery!, ...endpoint, lead: null };
  const result = await attemptWebhookDelivery(deps, target);
  await recordWebhookAttempt(deps, target, 0, result);
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, target.id), eq(webhookDeliveries.entityId, entityId)));
  const [answer] = await toWebhookDeliveries(db, rows);
  return answer!;
}
