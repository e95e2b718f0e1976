import { apiRequest } from '../../../lib/api-client.ts';

export function signOut() {
  return apiRequest<unknown>('/v1/auth/sign-out', { method: 'POST', body: {} });
}
