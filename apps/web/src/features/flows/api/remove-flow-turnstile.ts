import type { Flow } from '@leadbell/shared/flows';
import { apiRequest } from '../../../lib/api-client.ts';

/** Stops asking for Cloudflare Turnstile on the flow's forms; admins only. */
export function removeFlowTurnstile(flowId: string) {
  return apiRequest<Flow>(`/v1/flows/${encodeURIComponent(flowId)}/turnstile`, { method: 'DELETE' });
}
