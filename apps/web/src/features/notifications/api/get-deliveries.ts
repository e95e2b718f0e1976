import type { DeliveryDetailList } from '@leadbell/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function deliveriesQueryKey(notificationId: string) {
  return ['deliveries', notificationId] as const;
}

export function getDeliveries(notificationId: string, signal?: AbortSignal) {
  return apiRequest<DeliveryDetailList>(`/v1/notifications/${encodeURIComponent(notificationId)}/deliveries`, {
    signal,
  });
}

/** Each device and mailbox a notification went to, read when its details are opened. */
export function useDeliveries(notificationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: deliveriesQueryKey(notificationId),
    queryFn: ({ signal }) => getDeliveries(notificationId, signal),
    enabled,
  });
}
