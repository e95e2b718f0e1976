import type { InvitationPreview } from '@leadbell/shared/team';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function invitationQueryKey(token: string) {
  return ['invitation', token] as const;
}

/** Which business invites whom and whether the link still works; 404 for an unknown token. */
export function getInvitation(token: string, signal?: AbortSignal) {
  return apiRequest<InvitationPreview>(`/v1/invitations/${encodeURIComponent(token)}`, { signal });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: 0,
  });
}
