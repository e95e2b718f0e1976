import type { Flow, FlowInput } from '@leadbell/shared/flows';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateFlow(flowId: string, input: FlowInput) {
  // The spec's console sent the name as the title too (section 5, known defect); this sends the real title.
  const body: FlowInput = {
    name: input.name,
    title: input.title,
    message: input.message,
    responseTargetMinutes: input.responseTargetMinutes,
    isUrgent: input.isUrgent,
    ringPolicy: input.ringPolicy,
    ringStepMinutes: input.ringStepMinutes,
  };
  return apiRequest<Flow>(`/v1/flows/${encodeURIComponent(flowId)}`, { method: 'PUT', body });
}
