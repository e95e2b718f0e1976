import type { Role } from '@leadbell/shared/session';
import type { TeamMember } from '@leadbell/shared/team';
import { apiRequest } from '../../../lib/api-client.ts';

/** 409 `last_admin` when it would leave the business without an admin. */
export function changeMemberRole(userId: string, role: Role) {
  return apiRequest<TeamMember>(`/v1/team/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { role },
  });
}
