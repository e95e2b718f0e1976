import { and, eq } from 'drizzle-orm';
import type { TelegramState } from '@leadbell/shared/telegram';
import type { Database } from '../../db/client.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';

/** The member's Telegram link, and whether this server has Telegram at all. */
export async function getTelegramState(
  db: Database,
  { userId, entityId, isEnabled }: { userId: string; entityId: string; isEnabled: boolean },
): Promise<TelegramState> {
  const [row] = await db
    .select({
      displayName: telegramLinks.displayName,
      linkedAt: telegramLinks.linkedAt,
      isEnabled: telegramLinks.isEnabled,
    })
    .from(telegramLinks)
    .where(and(eq(telegramLinks.userId, userId), eq(telegramLinks.entityId, entityId)));
  return {
    enabled: isEnabled,
    link: row
      ? { displayName: row.displayName, linkedAt: row.linkedAt.toISOString(), notifications: row.isEnabled }
      : null,
  };
}
