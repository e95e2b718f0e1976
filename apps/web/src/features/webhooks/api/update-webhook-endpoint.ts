import type { UpdateWebhookEndpoint, WebhookEndpoint } from '@leadbell/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateWebhookEndpoint(id: string, input: UpdateWebhookEndpoint) {
  return apiRequest<WebhookEndpoint>(`/v1/webhook-endpoints/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  });
}
