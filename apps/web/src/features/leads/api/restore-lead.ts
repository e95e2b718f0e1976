import type { LeadState } from '@leadbell/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';

/** Undoes a delete within 30 days; answers the lead's state (open, if someone was on it). */
export function restoreLead(leadId: string) {
  return apiRequest<LeadState>(`/v1/leads/${encodeURIComponent(leadId)}/restore`, { method: 'POST' });
}
