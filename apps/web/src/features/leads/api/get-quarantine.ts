import type { Quarantine } from '@leadbell/shared/leads';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { LEADS_QUERY_KEY } from './get-leads.ts';

/** How many leads wait under Spam: under the leads' key, so whatever refreshes the inbox refreshes it. */
export function useQuarantine() {
  return useQuery({
    queryKey: [...LEADS_QUERY_KEY, 'quarantine'] as const,
    queryFn: ({ signal }) => apiRequest<Quarantine>('/v1/leads/quarantine', { signal }),
  });
}
