import type { WebhookEndpointWithSecret } from '@leadbell/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';

/** A new signing secret, answered this once; the old one keeps signing for 24 hours. */
export function rotateWebhookSecret(id: string) {
  return apiRequest<WebhookEndpointWithSecret>(`/v1/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    body: {},
  });
}
