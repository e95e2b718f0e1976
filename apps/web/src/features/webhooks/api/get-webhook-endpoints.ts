import type { WebhookEndpointList } from '@leadbell/shared/webhooks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const WEBHOOK_ENDPOINTS_QUERY_KEY = ['webhook-endpoints'] as const;

export function getWebhookEndpoints(signal?: AbortSignal) {
  return apiRequest<WebhookEndpointList>('/v1/webhook-endpoints', { signal });
}

export function useWebhookEndpoints() {
  return useQuery({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY, queryFn: ({ signal }) => getWebhookEndpoints(signal) });
}
