import type { Team } from '@leadbell/shared/team';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const TEAM_QUERY_KEY = ['team'] as const;

export function getTeam(signal?: AbortSignal) {
  return apiRequest<Team>('/v1/team', { signal });
}

/** Members, open invitations and seats (admins only). */
export function useTeam() {
  return useQuery({ queryKey: TEAM_QUERY_KEY, queryFn: ({ signal }) => getTeam(signal) });
}
