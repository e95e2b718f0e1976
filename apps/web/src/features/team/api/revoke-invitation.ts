import { apiRequest } from '../../../lib/api-client.ts';

/** Withdraws the invitation: its link stops working and its seat is free. */
export function revokeInvitation(invitationId: string) {
  return apiRequest<void>(`/v1/team/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });
}
