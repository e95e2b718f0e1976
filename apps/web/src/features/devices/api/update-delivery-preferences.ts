import type { DeliveryPreferences } from '@leadbell/shared/devices';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateDeliveryPreferences(input: DeliveryPreferences) {
  return apiRequest<DeliveryPreferences>('/v1/me/delivery-preferences', { method: 'PUT', body: input });
}
