import type { Usage } from '@leadbell/shared/billing';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const USAGE_QUERY_KEY = ['usage'] as const;

export function getUsage(signal?: AbortSignal) {
  return apiRequest<Usage>('/v1/usage', { signal });
}

/** This billing month's count against the plan. */
export function useUsage() {
  return useQuery({ queryKey: USAGE_QUERY_KEY, queryFn: ({ signal }) => getUsage(signal) });
}
