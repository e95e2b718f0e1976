import type { LeadDetail } from '@leadbell/shared/leads';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { LEADS_QUERY_KEY } from './get-leads.ts';

export function leadQueryKey(leadId: string) {
  return [...LEADS_QUERY_KEY, 'detail', leadId] as const;
}

export function getLead(leadId: string, signal?: AbortSignal) {
  return apiRequest<LeadDetail>(`/v1/leads/${encodeURIComponent(leadId)}`, { signal });
}

/** One lead with every field, its timeline and who has seen it. */
export function useLead(leadId: string) {
  return useQuery({ queryKey: leadQueryKey(leadId), queryFn: ({ signal }) => getLead(leadId, signal) });
}
