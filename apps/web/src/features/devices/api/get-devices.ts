import type { DeviceList } from '@leadbell/shared/devices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const DEVICES_QUERY_KEY = ['devices'] as const;

export function getDevices(signal?: AbortSignal) {
  return apiRequest<DeviceList>('/v1/push-subscriptions', { signal });
}

/** The signed-in user's devices that receive push notifications. */
export function useDevices() {
  return useQuery({ queryKey: DEVICES_QUERY_KEY, queryFn: ({ signal }) => getDevices(signal) });
}
