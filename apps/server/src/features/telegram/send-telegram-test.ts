import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';
import { AppError } from '../../http/app-error.ts';
import { recordTestReached } from '../devices/record-test-reached.ts';
import { callTelegram } from './telegram-bot-api.ts';
import type { TelegramConfig } from './telegram-config.ts';

/**
 * Sends a test message to the member's chat now, not retried: 503 when Telegram does not take it.
 * Taken, it ticks the first-day checklist's test step.
 */
export async function sendTelegramTest(
  db: Database,
  config: TelegramConfig,
  { userId, entityId }: { userId: string; entityId: string },
): Promise<void> {
  const [link] = await db
    .select({ chatId: telegramLinks.chatId })
    .from(telegramLinks)
    .where(and(eq(telegramLinks.userId, userId), eq(telegramLinks.entityId, entityId)));
  if (!link) throw new AppError('not_found', 'Telegram is not linked.');
  const answer = await callTelegram(config, 'sendMessage', {
    chat_id: link.chatId,
    text: 'Leadbell test message: new leads reach this chat.',
  });
  if (!answer.ok)
    throw new AppError('service_unavailable', 'Telegram did not take the test message. Try again in a minute.');
  await recordTestReached(db, userId, 'telegram');
}
