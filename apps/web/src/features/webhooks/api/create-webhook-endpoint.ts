import type { CreateWebhookEndpoint, WebhookEndpointWithSecret } from '@leadbell/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';

/** Registers an endpoint; the answer carries its signing secret, this once. */
export function createWebhookEndpoint(input: CreateWebhookEndpoint) {
  return apiRequest<WebhookEndpointWithSecret>('/v1/webhook-endpoints', { method: 'POST', body: input });
}
