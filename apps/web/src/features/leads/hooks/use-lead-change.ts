import { LeadStateSchema, type LeadState } from '@leadbell/shared/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { leadQueryKey } from '../api/get-lead.ts';
import { LEADS_QUERY_KEY } from '../api/get-leads.ts';
import { changeLead, type LeadChange } from '../api/change-lead.ts';
import { applyLeadState } from '../apply-lead-state.ts';
import { LEAD_COUNTS_QUERY_KEY } from '../api/get-lead-counts.ts';

/** Who holds a lead we failed to take, from a 409 `lead_taken` answer. */
export function takenStateOf(error: unknown): LeadState | null {
  if (!(error instanceof ApiError) || error.code !== 'lead_taken') return null;
  const parsed = LeadStateSchema.safeParse(error.details.lead);
  return parsed.success ? parsed.data : null;
}

/**
 * "I'm on it", "Release", "Done", "Spam", "Not spam" and "Ring the team now" on one lead. The answer (or, for a lost claim, the winner's
 * state in the 409) goes straight into the inbox and the card; the card's timeline refetches.
 */
export function useLeadChange(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LeadChange) => changeLead(leadId, change),
    onSuccess: (state) => applyLeadState(queryClient, state),
    onError: (error) => {
      const taken = takenStateOf(error);
      if (taken) applyLeadState(queryClient, taken);
    },
    onSettled: async (_state, _error, change) => {
      await queryClient.invalidateQueries({ queryKey: leadQueryKey(leadId) });
      await queryClient.invalidateQueries({ queryKey: LEAD_COUNTS_QUERY_KEY });
      // Into or out of the quarantine: every view of the inbox and the Spam count change.
      if (change === 'spam' || change === 'not-spam')
        await queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY });
    },
  });
}
