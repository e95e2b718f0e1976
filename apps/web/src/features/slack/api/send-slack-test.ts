import type { WebhookDelivery } from '@leadbell/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';

/** Posts a test message to the connected channel now; answers with its delivery (Slack's answer). */
export function sendSlackTest() {
  return apiRequest<WebhookDelivery>('/v1/integrations/slack/test', { method: 'POST', body: {} });
}
