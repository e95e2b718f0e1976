import type { ResetRequest } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function requestPasswordReset(input: ResetRequest) {
  return apiRequest<unknown>('/v1/auth/email-otp/request-password-reset', { method: 'POST', body: input });
}
