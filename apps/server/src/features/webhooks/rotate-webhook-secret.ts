import { sql } from 'drizzle-orm';
import type { WebhookEndpointWithSecret } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { ownedEndpoint, toWebhookEndpoint } from './webhook-record.ts';
import { generateWebhookSecret } from './webhook-signature.ts';

/** How long the previous secret keeps signing after a rotation: time to deploy the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * A new signing secret, answered once. Events are signed with both secrets for SECRET_OVERLAP_MS,
 * so the receiver can switch without losing any.
 */
export async function rotateWebhookSecret(
  { db, cipher }: { db: Database; cipher: ApiKeyCipher },
  { entityId, id, now }: { entityId: string; id: string; now: Date },
): Promise<WebhookEndpointWithSecret> {
  if (!isUuid(id)) throw new AppError('not_found', 'Webhook endpoint not found.');
  const secret = generateWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
      secret: cipher.encrypt(secret),
      updatedAt: now,
    })
    .where(ownedEndpoint(entityId, id))
    .returning();
  if (!row) throw new AppError('not_found', 'Webhook endpoint not found.');
  return { ...toWebhookEndpoint(row, now), secret };
}
