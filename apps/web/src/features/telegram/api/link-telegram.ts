import type { TelegramDeepLink } from '@leadbell/shared/telegram';
import { apiRequest } from '../../../lib/api-client.ts';

/** A one-time deep link to the bot, valid 15 minutes. */
export function linkTelegram() {
  return apiRequest<TelegramDeepLink>('/v1/me/telegram', { method: 'POST' });
}
