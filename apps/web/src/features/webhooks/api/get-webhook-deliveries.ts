import type { WebhookDeliveryList } from '@leadbell/shared/webhooks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function webhookDeliveriesQueryKey(endpointId: string) {
  return ['webhook-endpoints', endpointId, 'deliveries'] as const;
}

export function getWebhookDeliveries(endpointId: string, signal?: AbortSignal) {
  return apiRequest<WebhookDeliveryList>(`/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`, {
    signal,
  });
}

/** The endpoint's delivery log; polled while a delivery is pending, so a retry's outcome shows up. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookDeliveriesQueryKey(endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending') ? 3_000 : false,
  });
}
