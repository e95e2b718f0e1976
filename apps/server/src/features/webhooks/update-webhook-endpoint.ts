import type { WebhookEndpoint, WebhookEventType } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { checkWebhookEndpointInput } from './webhook-endpoint-input.ts';
import { ownedEndpoint, toWebhookEndpoint } from './webhook-record.ts';

/**
 * Changes what was given. `enabled: true` turns an endpoint on again after Leadbell turned it off
 * (its reason is cleared); `enabled: false` turns it off by hand.
 */
export async function updateWebhookEndpoint(
  { db, allowPrivateNetworks }: { db: Database; allowPrivateNetworks: boolean },
  { entityId, id, now }: { entityId: string; id: string; now: Date },
  input: {
    url?: string | undefined;
    description?: string | null | undefined;
    events?: WebhookEventType[] | undefined;
    flowId?: string | null | undefined;
    enabled?: boolean | undefined;
  },
): Promise<WebhookEndpoint> {
  if (!isUuid(id)) throw new AppError('not_found', 'Webhook endpoint not found.');
  await checkWebhookEndpointInput(db, { entityId, allowPrivateNetworks }, input);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined && { url: input.url }),
      ...(input.description !== undefined && { description: input.description || null }),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.flowId !== undefined && { flowId: input.flowId }),
      ...(input.enabled !== undefined && {
        isEnabled: input.enabled,
        disabledAt: input.enabled ? null : now,
        disabledReason: null,
      }),
      updatedAt: now,
    })
    .where(ownedEndpoint(entityId, id))
    .returning();
  if (!row) throw new AppError('not_found', 'Webhook endpoint not found.');
  return toWebhookEndpoint(row, now);
}
