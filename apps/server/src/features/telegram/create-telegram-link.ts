import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { TelegramDeepLink } from '@leadbell/shared/telegram';
import type { Database } from '../../db/client.ts';
import { telegramLinkTokens } from '../../db/schema/telegram.ts';
import type { TelegramConfig } from './telegram-config.ts';

/** How long a deep link can be opened: long enough to switch to Telegram, short for a leaked one. */
export const TELEGRAM_LINK_TOKEN_TTL_MS = 15 * 60 * 1000;

/** Deep-link tokens are kept as their SHA-256; the bot hashes what `/start` brings to find one. */
export function hashTelegramLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A one-time deep link for the member: `https://t.me/<bot>?start=<token>`. Telegram allows 64
 * characters of [A-Za-z0-9_-] in `start`; 24 random bytes are 32. The member's older unused
 * tokens and every expired one go, so a member has at most one live link.
 */
export async function createTelegramLink(
  db: Database,
  config: TelegramConfig,
  { userId, entityId, now }: { userId: string; entityId: string; now: Date },
): Promise<TelegramDeepLink> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TOKEN_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .delete(telegramLinkTokens)
      .where(
        or(
          and(eq(telegramLinkTokens.userId, userId), isNull(telegramLinkTokens.usedAt)),
          lt(telegramLinkTokens.expiresAt, now),
        ),
      );
    await tx
      .insert(telegramLinkTokens)
      .values({ tokenHash: hashTelegramLinkToken(token), userId, entityId, expiresAt });
  });
  return { url: `https://t.me/${config.username}?start=${token}`, expiresAt: expiresAt.toISOString() };
}
