import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';
import { AppError } from '../../http/app-error.ts';

/** Forgets the member's chat: nothing more is sent there, and its "I'm on it" buttons stop working. */
export async function unlinkTelegram(db: Database, { userId, entityId }: { userId: string; entityId: string }) {
  const rows = await db
    .delete(telegramLinks)
    .where(and(eq(telegramLinks.userId, userId), eq(telegramLinks.entityId, entityId)))
    .returning({ userId: telegramLinks.userId });
  if (rows.length === 0) throw new AppError('not_found', 'Telegram is not linked.');
}
