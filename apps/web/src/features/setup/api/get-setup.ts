import type { SetupStatus } from '@leadbell/shared/setup';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const SETUP_QUERY_KEY = ['setup'] as const;

export function getSetup(signal?: AbortSignal) {
  return apiRequest<SetupStatus>('/v1/setup', { signal });
}

/** The first-day checklist and whether the signed-in user will hear about a lead, as the server sees it. */
export function useSetup() {
  return useQuery({ queryKey: SETUP_QUERY_KEY, queryFn: ({ signal }) => getSetup(signal) });
}
