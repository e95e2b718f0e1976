import type { LeadDeletion } from '@leadbell/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';

/** An admin deletes a lead: gone from lists, insights and exports, restorable for 30 days (issue 25). */
export function deleteLead(leadId: string) {
  return apiRequest<LeadDeletion>(`/v1/leads/${encodeURIComponent(leadId)}/delete`, { method: 'POST' });
}
