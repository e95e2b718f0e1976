import type { DeliveryPreferences } from '@leadbell/shared/devices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const DELIVERY_PREFERENCES_QUERY_KEY = ['delivery-preferences'] as const;

export function getDeliveryPreferences(signal?: AbortSignal) {
  return apiRequest<DeliveryPreferences>('/v1/me/delivery-preferences', { signal });
}

/** The signed-in user's channels besides push (the email fallback). */
export function useDeliveryPreferences() {
  return useQuery({
    queryKey: DELIVERY_PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => getDeliveryPreferences(signal),
  });
}
