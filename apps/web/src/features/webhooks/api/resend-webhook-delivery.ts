import type { WebhookDelivery } from '@leadbell/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';

export function resendWebhookDelivery(endpointId: string, deliveryId: string) {
  return apiRequest<WebhookDelivery>(
    `/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    { method: 'POST', body: {} },
  );
}
