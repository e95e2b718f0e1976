import type { Availability, AvailabilityState } from '@leadbell/shared/team';
import { apiRequest } from '../../../lib/api-client.ts';

export function setAvailability(input: Availability) {
  return apiRequest<AvailabilityState>('/v1/me/availability', { method: 'PUT', body: input });
}
