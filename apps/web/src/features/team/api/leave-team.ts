import { apiRequest } from '../../../lib/api-client.ts';

/** The signed-in person leaves the business and is signed out everywhere. */
export function leaveTeam() {
  return apiRequest<void>('/v1/team/leave', { method: 'POST' });
}
