import type { AcknowledgementInput, Flow } from '@leadbell/shared/flows';
import { apiRequest } from '../../../lib/api-client.ts';

/** Turns the visitor's acknowledgement on or off with its templates (decision 047); admins only. */
export function setFlowAcknowledgement(flowId: string, input: AcknowledgementInput) {
  return apiRequest<Flow>(`/v1/flows/${encodeURIComponent(flowId)}/acknowledgement`, { method: 'PUT', body: input });
}
