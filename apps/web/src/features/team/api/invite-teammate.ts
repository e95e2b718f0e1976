import type { Invite, TeamInvitation } from '@leadbell/shared/team';
import { apiRequest } from '../../../lib/api-client.ts';

/** Emails a single-use link; 402 `seat_limit_reached` when the plan has no seat left. */
export function inviteTeammate(invite: Invite) {
  return apiRequest<TeamInvitation>('/v1/team/invitations', { method: 'POST', body: invite });
}
