import { apiRequest } from '../../../lib/api-client.ts';

/** Takes a lead's outcome back. */
export function clearLeadOutcome(leadId: string) {
  return apiRequest<void>(`/v1/leads/${encodeURIComponent(leadId)}/outcome`, { method: 'DELETE' });
}
