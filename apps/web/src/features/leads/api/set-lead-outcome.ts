import type { LeadOutcomeInput } from '@leadbell/shared/lead-notes-outcomes';
import type { LeadOutcomeSummary } from '@leadbell/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';

/** Won, lost or no answer (issue 26): answers the outcome as the lead now has it. */
export function setLeadOutcome(leadId: string, input: LeadOutcomeInput) {
  return apiRequest<LeadOutcomeSummary>(`/v1/leads/${encodeURIComponent(leadId)}/outcome`, {
    method: 'PUT',
    body: input,
  });
}
