import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/auth.ts';
import { signOut } from '../api/sign-out.ts';

/**
 * Ends the session, forgets every cached answer and goes to sign in; with `stay`, the page stays
 * and shows its signed-out state (the invitation page offers to sign in with the invited address).
 */
export function useSignOut({ stay = false }: { stay?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Cleared first: the sign-in page's guard would otherwise still see the old session and
      // bounce straight back into the console.
      clearSession(queryClient);
      if (!stay) await navigate('/sign-in', { replace: true });
    },
  });
}
