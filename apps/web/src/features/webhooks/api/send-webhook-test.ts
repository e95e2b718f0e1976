import type { WebhookDelivery } from '@leadbell/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sends a `webhook.test` event now; answers with its delivery (status code, duration, answer). */
export function sendWebhookTest(id: string) {
  return apiRequest<WebhookDelivery>(`/v1/webhook-endpoints/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    body: {},
  });
}
