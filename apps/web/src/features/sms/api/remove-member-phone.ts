import { apiRequest } from '../../../lib/api-client.ts';

/** Forgets the member's number and turns their texts off. */
export function removeMemberPhone() {
  return apiRequest<void>('/v1/me/phone', { method: 'DELETE' });
}
