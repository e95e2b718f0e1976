import type { Flow, FlowInput } from '@leadbell/shared/flows';
import { apiRequest } from '../../../lib/api-client.ts';

export function createFlow(input: FlowInput) {
  return apiRequest<Flow>('/v1/flows', { method: 'POST', body: input });
}
