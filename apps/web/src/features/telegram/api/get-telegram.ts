import type { TelegramState } from '@leadbell/shared/telegram';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const TELEGRAM_QUERY_KEY = ['me', 'telegram'] as const;

export function getTelegram(signal?: AbortSignal) {
  return apiRequest<TelegramState>('/v1/me/telegram', { signal });
}

/**
 * Whether this server has Telegram and the member's linked chat. `isWaitingForStart`: a deep link
 * is open in Telegram, so this asks again every few seconds until the bot has linked the chat.
 */
export function useTelegram({ isWaitingForStart = false } = {}) {
  return useQuery({
    queryKey: TELEGRAM_QUERY_KEY,
    queryFn: ({ signal }) => getTelegram(signal),
    refetchInterval: (query) => (isWaitingForStart && !query.state.data?.link ? 3000 : false),
  });
}
