import type { FlowHookState } from '@leadbell/shared/flows';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Not under ['flows']: the live stream refreshes the flow list often, and the address rarely changes. */
export function flowHookQueryKey(flowId: string) {
  return ['flow-hook', flowId] as const;
}

export function getFlowHook(flowId: string, signal?: AbortSignal) {
  return apiRequest<FlowHookState>(`/v1/flows/${encodeURIComponent(flowId)}/hook`, { signal });
}

/** The flow's inbound webhook address, or `{ hook: null }` when it has none. */
export function useFlowHook(flowId: string) {
  return useQuery({ queryKey: flowHookQueryKey(flowId), queryFn: ({ signal }) => getFlowHook(flowId, signal) });
}
