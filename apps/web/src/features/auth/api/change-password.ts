import type { ChangePassword } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Changes the password; the server ends the user's other sessions and keeps this one. */
export function changePassword({ currentPassword, newPassword }: ChangePassword) {
  return apiRequest<unknown>('/v1/auth/change-password', { method: 'POST', body: { currentPassword, newPassword } });
}
