import type { SendVerificationCode } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails a code: a new verification code, or a code to sign in with past a locked account. */
export function sendVerificationOtp(email: string, type: SendVerificationCode['type'] = 'email-verification') {
  return apiRequest<unknown>('/v1/auth/email-otp/send-verification-otp', { method: 'POST', body: { email, type } });
}
