import type { TeamInvitation } from '@leadbell/shared/team';
import { apiRequest } from '../../../lib/api-client.ts';

/** A fresh link valid for another 7 days; the previous link stops working. */
export function resendInvitation(invitationId: string) {
  return apiRequest<TeamInvitation>(`/v1/team/invitations/${encodeURIComponent(invitationId)}/resend`, {
    method: 'POST',
  });
}
