import { apiRequest } from '../../../lib/api-client.ts';

/** Turns the flow's webhook address off. */
export function deleteFlowHook(flowId: string) {
  return apiRequest<void>(`/v1/flows/${encodeURIComponent(flowId)}/hook`, { method: 'DELETE' });
}
