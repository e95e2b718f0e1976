import type { TrafficSource } from '@leadbell/shared/lead-sources';
import { LEADS_PAGE_SIZE, type LeadFilter, type LeadOutcomeFilter, type LeadPage } from '@leadbell/shared/leads';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the inbox shows: the filter tab, one flow or all, one outcome or any, and the search box's text. */
export type LeadListFilters = {
  filter: LeadFilter;
  flowId: string | null;
  outcome: LeadOutcomeFilter | null;
  /** Where the leads came from (their traffic source), or any. */
  source: TrafficSource | null;
  q: string;
};

export const LEADS_QUERY_KEY = ['leads'] as const;

export function leadsQueryKey(filters: LeadListFilters) {
  return [...LEADS_QUERY_KEY, 'list', filters] as const;
}

/** The filters as query parameters, shared by the list and its CSV export. */
export function leadFilterParams({ filter, flowId, outcome, source, q }: LeadListFilters): URLSearchParams {
  const search = new URLSearchParams({ filter });
  if (flowId) search.set('flowId', flowId);
  if (outcome) search.set('outcome', outcome);
  if (source) search.set('source', source);
  if (q.trim()) search.set('q', q.trim());
  return search;
}

/** `Download CSV` with the inbox's current filters: a plain link, the browser saves the file. */
export function leadsExportUrl(filters: LeadListFilters): string {
  return `/v1/leads/export.csv?${leadFilterParams(filters).toString()}`;
}

export function getLeads(filters: LeadListFilters, cursor: string | null, signal?: AbortSignal) {
  const search = leadFilterParams(filters);
  search.set('limit', String(LEADS_PAGE_SIZE));
  if (cursor) search.set('cursor', cursor);
  return apiRequest<LeadPage>(`/v1/leads?${search.toString()}`, { signal });
}

/** Every flow's leads, newest first, a page at a time. */
export function useLeads(filters: LeadListFilters) {
  return useInfiniteQuery({
    queryKey: leadsQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getLeads(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
