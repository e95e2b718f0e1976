import type { SignInCode } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Signs in with the code from the email, even while failed sign-ins lock the account; the server answers with the session cookie. */
export function signInWithCode(input: SignInCode) {
  return apiRequest<unknown>('/v1/auth/sign-in/email-otp', { method: 'POST', body: input });
}
