import { apiRequest } from '../../../lib/api-client.ts';

export function deleteWebhookEndpoint(id: string) {
  return apiRequest<void>(`/v1/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
