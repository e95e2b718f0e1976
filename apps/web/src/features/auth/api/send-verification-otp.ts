import { apiRequest } from '../../../lib/api-client.ts';

export function sendVerificationOtp(email: string) {
  return apiRequest<unknown>('/v1/auth/email-otp/send-verification-otp', {
    method: 'POST',
    body: { email, type: 'email-verification' },
  });
}
