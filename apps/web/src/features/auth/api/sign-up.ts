import type { SignUp } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Creates the account; no session yet, the email must be verified first. */
export function signUp(input: SignUp) {
  return apiRequest<unknown>('/v1/auth/sign-up/email', { method: 'POST', body: input });
}
