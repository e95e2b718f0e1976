import type { Insights } from '@leadbell/shared/insights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const INSIGHTS_QUERY_KEY = ['insights'] as const;

export function getInsights(days: number, signal?: AbortSignal) {
  return apiRequest<Insights>(`/v1/insights?days=${days}`, { signal });
}

/** Speed-to-lead for the last `days`; the previous period's figures stay on screen while the next load. */
export function useInsights(days: number) {
  return useQuery({
    queryKey: [...INSIGHTS_QUERY_KEY, days],
    queryFn: ({ signal }) => getInsights(days, signal),
    placeholderData: keepPreviousData,
  });
}
