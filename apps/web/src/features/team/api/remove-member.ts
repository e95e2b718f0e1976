import { apiRequest } from '../../../lib/api-client.ts';

/** Signs the person out everywhere, stops their devices and email copies, frees the seat. */
export function removeMember(userId: string) {
  return apiRequest<void>(`/v1/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}
