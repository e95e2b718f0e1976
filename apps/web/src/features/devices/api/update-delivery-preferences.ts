import type { DeliveryPreferences, DeliveryPreferencesState } from '@leadbell/shared/devices';
import { apiRequest } from '../../../lib/api-client.ts';

/** Records the user's own choice, which from then on wins over the default. */
export function updateDeliveryPreferences(input: DeliveryPreferences) {
  return apiRequest<DeliveryPreferencesState>('/v1/me/delivery-preferences', { method: 'PUT', body: input });
}
