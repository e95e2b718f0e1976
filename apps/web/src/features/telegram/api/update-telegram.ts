import type { TelegramLink, UpdateTelegram } from '@leadbell/shared/telegram';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateTelegram(body: UpdateTelegram) {
  return apiRequest<TelegramLink>('/v1/me/telegram', { method: 'PATCH', body });
}
