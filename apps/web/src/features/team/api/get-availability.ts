import type { AvailabilityState } from '@leadbell/shared/team';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const AVAILABILITY_QUERY_KEY = ['availability'] as const;

export function getAvailability(signal?: AbortSignal) {
  return apiRequest<AvailabilityState>('/v1/me/availability', { signal });
}

/** Whether the signed-in member set themselves away. */
export function useAvailability() {
  return useQuery({ queryKey: AVAILABILITY_QUERY_KEY, queryFn: ({ signal }) => getAvailability(signal) });
}
