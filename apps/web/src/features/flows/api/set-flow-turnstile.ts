import type { Flow, TurnstileInput } from '@leadbell/shared/flows';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asks for Cloudflare Turnstile on the flow's forms, with the widget's keys; admins only. */
export function setFlowTurnstile(flowId: string, input: TurnstileInput) {
  return apiRequest<Flow>(`/v1/flows/${encodeURIComponent(flowId)}/turnstile`, { method: 'PUT', body: input });
}
