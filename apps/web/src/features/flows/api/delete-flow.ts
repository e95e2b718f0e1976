import { apiRequest } from '../../../lib/api-client.ts';

/** Deletes the flow and its notifications (docs/decisions/012-deleting-a-flow.md). */
export function deleteFlow(flowId: string) {
  return apiRequest<void>(`/v1/flows/${encodeURIComponent(flowId)}`, { method: 'DELETE' });
}
