import { apiRequest } from '../../../lib/api-client.ts';

/** Joins the invited business with the invited role (a signed-in, verified user with the invited email). */
export function acceptInvitation(token: string) {
  return apiRequest<{ entityId: string }>(`/v1/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });
}
