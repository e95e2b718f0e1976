import type { FlowList } from '@leadbell/shared/flows';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const FLOWS_QUERY_KEY = ['flows'] as const;

export function getFlows(signal?: AbortSignal) {
  return apiRequest<FlowList>('/v1/flows', { signal });
}

export function useFlows() {
  return useQuery({ queryKey: FLOWS_QUERY_KEY, queryFn: ({ signal }) => getFlows(signal) });
}
