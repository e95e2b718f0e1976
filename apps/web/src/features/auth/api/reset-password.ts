import type { ResetPassword } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword({ email, otp, password }: ResetPassword) {
  return apiRequest<unknown>('/v1/auth/email-otp/reset-password', { method: 'POST', body: { email, otp, password } });
}
