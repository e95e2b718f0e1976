import type { WebhookEndpointWithSecret, WebhookEventType } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { checkWebhookEndpointInput } from './webhook-endpoint-input.ts';
import { toWebhookEndpoint } from './webhook-record.ts';
import { generateWebhookSecret } from './webhook-signature.ts';

/**
 * Registers an endpoint with a new signing secret, answered once and then stored sealed. The URL
 * is checked, never contacted: only "Send test event" does that.
 */
export async function createWebhookEndpoint(
  { db, cipher, allowPrivateNetworks }: { db: Database; cipher: ApiKeyCipher; allowPrivateNetworks: boolean },
  { entityId, now }: { entityId: string; now: Date },
  input: {
    url: string;
    description?: string | undefined;
    events: WebhookEventType[];
    flowId?: string | null | undefined;
  },
): Promise<WebhookEndpointWithSecret> {
  await checkWebhookEndpointInput(db, { entityId, allowPrivateNetworks }, input);
  const secret = generateWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      entityId,
      url: input.url,
      description: input.description || null,
      events: input.events,
      flowId: input.flowId ?? null,
      secret: cipher.encrypt(secret),
    })
    .returning();
  return { ...toWebhookEndpoint(row!, now), secret };
}
