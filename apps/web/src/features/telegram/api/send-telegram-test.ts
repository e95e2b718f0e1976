import { apiRequest } from '../../../lib/api-client.ts';

export function sendTelegramTest() {
  return apiRequest<void>('/v1/me/telegram/test', { method: 'POST' });
}
