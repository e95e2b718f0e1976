import type { SignIn } from '@leadbell/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function signIn(input: SignIn) {
  return apiRequest<unknown>('/v1/auth/sign-in/email', { method: 'POST', body: input });
}
