import { apiRequest } from '../../../lib/api-client.ts';

/** Texts the member's verified number a test message now. */
export function sendSmsTest() {
  return apiRequest<void>('/v1/me/phone/test', { method: 'POST' });
}
