import type { FlowFields } from '@leadbell/shared/flows';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { flowQueryKey } from './get-flow.ts';

export function flowFieldsQueryKey(flowId: string) {
  return [...flowQueryKey(flowId), 'fields'] as const;
}

export function getFlowFields(flowId: string, signal?: AbortSignal) {
  return apiRequest<FlowFields>(`/v1/flows/${encodeURIComponent(flowId)}/fields`, { signal });
}

/** The data field names the flow's latest notifications carried, for the editor's placeholder hints. */
export function useFlowFields(flowId: string | undefined) {
  return useQuery({
    queryKey: flowFieldsQueryKey(flowId ?? ''),
    queryFn: ({ signal }) => getFlowFields(flowId ?? '', signal),
    enabled: Boolean(flowId),
  });
}
