import type { LeadCounts } from '@leadbell/shared/leads';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { LEADS_QUERY_KEY } from './get-leads.ts';

export const LEAD_COUNTS_QUERY_KEY = [...LEADS_QUERY_KEY, 'counts'] as const;

/** The inbox's tab counts: under the leads' key, so whatever refreshes the inbox refreshes them. */
export function useLeadCounts() {
  return useQuery({
    queryKey: LEAD_COUNTS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<LeadCounts>('/v1/leads/counts', { signal }),
  });
}
