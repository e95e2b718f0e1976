import type { InvitationSignUp } from '@leadbell/shared/team';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Creates the account for the invited address, verified by the link (no code), signs in and joins
 * the business: the session cookie comes with the answer.
 */
export function signUpFromInvitation(token: string, input: InvitationSignUp) {
  return apiRequest<{ entityId: string }>(`/v1/invitations/${encodeURIComponent(token)}/sign-up`, {
    method: 'POST',
    body: input,
  });
}
