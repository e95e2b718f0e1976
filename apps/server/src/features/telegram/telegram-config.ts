import { createHmac } from 'node:crypto';
import type { Env } from '../../env.ts';

/** Telegram as this server runs it (decision 052); null when TELEGRAM_BOT_TOKEN is unset (Telegram off). */
export type TelegramConfig = {
  token: string;
  username: string;
  apiUrl: string;
  /**
   * Telegram sends it back in `X-Telegram-Bot-Api-Secret-Token` with every webhook update. Derived
   * from the token, so every process agrees on it without storing one; only [A-Za-z0-9_-] allowed.
   */
  webhookSecret: string;
  /** Signs the "I'm on it" buttons' callback data, so a chat cannot forge one for another lead. */
  callbackKey: Buffer;
  /** Updates arrive by webhook when PUBLIC_URL is https (Telegram calls only https), else by long polling. */
  useWebhook: boolean;
  webhookUrl: string;
};

export function telegramConfigOf(
  env: Pick<Env, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_USERNAME' | 'TELEGRAM_API_URL' | 'PUBLIC_URL'>,
): TelegramConfig | null {
  if (!env.TELEGRAM_BOT_TOKEN) return null;
  const derive = (purpose: string) => createHmac('sha256', env.TELEGRAM_BOT_TOKEN!).update(purpose).digest();
  return {
    token: env.TELEGRAM_BOT_TOKEN,
    username: env.TELEGRAM_BOT_USERNAME ?? '',
    apiUrl: env.TELEGRAM_API_URL.replace(/\/$/, ''),
    webhookSecret: derive('leadbell telegram webhook').toString('base64url'),
    callbackKey: derive('leadbell telegram callback'),
    useWebhook: env.PUBLIC_URL.startsWith('https://'),
    webhookUrl: `${env.PUBLIC_URL}/v1/telegram/webhook`,
  };
}
