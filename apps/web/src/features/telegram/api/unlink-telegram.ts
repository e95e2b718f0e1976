import { apiRequest } from '../../../lib/api-client.ts';

export function unlinkTelegram() {
  return apiRequest<void>('/v1/me/telegram', { method: 'DELETE' });
}
