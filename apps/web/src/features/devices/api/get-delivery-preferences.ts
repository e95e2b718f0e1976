import type { DeliveryPreferencesState } from '@leadbell/shared/devices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const DELIVERY_PREFERENCES_QUERY_KEY = ['delivery-preferences'] as const;

export function getDeliveryPreferences(signal?: AbortSignal) {
  return apiRequest<DeliveryPreferencesState>('/v1/me/delivery-preferences', { signal });
}

/** The signed-in user's email copies: their choice, or the default (`isDefault`). */
export function useDeliveryPreferences() {
  return useQuery({
    queryKey: DELIVERY_PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => getDeliveryPreferences(signal),
  });
}
