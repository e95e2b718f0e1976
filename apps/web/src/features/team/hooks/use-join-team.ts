import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { HOME_PATH } from '../../../lib/redirects.ts';
import { acceptInvitation } from '../api/accept-invitation.ts';
import { invitationQueryKey } from '../api/get-invitation.ts';

/**
 * Joins the business an invitation link names by `join` (accepting it signed in, or signing up
 * from it), then opens its console with a welcome.
 */
export function useJoinBy<Input>(token: string, entityName: string, join: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: join,
    onSuccess: async () => {
      await refreshSession(queryClient);
      await navigate(HOME_PATH, { replace: true, state: { message: `Welcome to ${entityName}!` } });
    },
    onError: (error) => {
      // Expired or withdrawn meanwhile: the page shows that state from a fresh read.
      if (error instanceof ApiError && error.code === 'invitation_unavailable')
        void queryClient.invalidateQueries({ queryKey: invitationQueryKey(token) });
    },
  });
}

/** Joins, signed in, the business an invitation link names. */
export function useJoinTeam(token: string, entityName: string) {
  return useJoinBy<void>(token, entityName, () => acceptInvitation(token));
}
