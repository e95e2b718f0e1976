import type { InvitationSignUp } from '@leadbell/shared/team';
import { signUpFromInvitation } from '../api/sign-up-from-invitation.ts';
import { useJoinBy } from './use-join-team.ts';

/** Signs up from an invitation link and opens the business's console with a welcome, as joining does. */
export function useSignUpFromInvitation(token: string, entityName: string) {
  return useJoinBy(token, entityName, (input: InvitationSignUp) => signUpFromInvitation(token, input));
}
