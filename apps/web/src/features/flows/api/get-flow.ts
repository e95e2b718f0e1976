import type { Flow } from '@leadbell/shared/flows';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { FLOWS_QUERY_KEY } from './get-flows.ts';

export function flowQueryKey(flowId: string) {
  return [...FLOWS_QUERY_KEY, flowId] as const;
}

export function getFlow(flowId: string, signal?: AbortSignal) {
  return apiRequest<Flow>(`/v1/flows/${encodeURIComponent(flowId)}`, { signal });
}

export function useFlow(flowId: string) {
  return useQuery({ queryKey: flowQueryKey(flowId), queryFn: ({ signal }) => getFlow(flowId, signal) });
}
