import type { FastifyBaseLogger } from 'fastify';
import { callTelegram } from './telegram-bot-api.ts';
import type { TelegramConfig } from './telegram-config.ts';

/**
 * Points the bot's updates at `/v1/telegram/webhook` with the secret Telegram sends back in every
 * call; run by each process at start (setWebhook is idempotent). A failure is logged, not fatal:
 * linking and claims wait for it, leads still reach linked chats.
 */
export async function setTelegramWebhook(config: TelegramConfig, log: FastifyBaseLogger): Promise<void> {
  const answer = await callTelegram(config, 'setWebhook', {
    url: config.webhookUrl,
    secret_token: config.webhookSecret,
    allowed_updates: ['message', 'callback_query'],
  });
  if (!answer.ok)
    log.error({ error: answer.error }, 'telegram: setWebhook failed; links and “I’m on it” will not arrive');
}
