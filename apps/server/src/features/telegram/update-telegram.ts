import { and, eq } from 'drizzle-orm';
import type { TelegramLink, UpdateTelegram } from '@leadbell/shared/telegram';
import type { Database } from '../../db/client.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';
import { AppError } from '../../http/app-error.ts';

/** The member's own switch: off, leads are no longer sent to their chat (the link stays). */
export async function updateTelegram(
  db: Database,
  { userId, entityId }: { userId: string; entityId: string },
  { notifications }: UpdateTelegram,
): Promise<TelegramLink> {
  const [row] = await db
    .update(telegramLinks)
    .set({ isEnabled: notifications })
    .where(and(eq(telegramLinks.userId, userId), eq(telegramLinks.entityId, entityId)))
    .returning();
  if (!row) throw new AppError('not_found', 'Telegram is not linked.');
  return { displayName: row.displayName, linkedAt: row.linkedAt.toISOString(), notifications: row.isEnabled };
}
