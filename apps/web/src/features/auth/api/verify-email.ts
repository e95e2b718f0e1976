import type { VerifyEmail } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Confirms the email with its one-time code; the server answers with the session cookie. */
export function verifyEmail(input: VerifyEmail) {
  return apiRequest<unknown>('/v1/auth/email-otp/verify-email', { method: 'POST', body: input });
}
