import type { FlowHook } from '@leadbell/shared/flows';
import { apiRequest } from '../../../lib/api-client.ts';

/** Creates the flow's webhook address, or replaces it: the old address stops working at once. */
export function createFlowHook(flowId: string) {
  return apiRequest<FlowHook>(`/v1/flows/${encodeURIComponent(flowId)}/hook`, { method: 'POST' });
}
