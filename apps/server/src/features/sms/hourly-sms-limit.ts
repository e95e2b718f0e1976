import { and, count, eq, gt, min } from 'drizzle-orm';
import type { SmsPurpose } from '@leadbell/shared/sms';
import type { Database } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/sms.ts';
import { AppError } from '../../http/app-error.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Refuses with 429 and Retry-After once the member sent `limit` texts of this purpose in the last
 * hour: each is a paid message, and a number must not be flooded from here.
 */
export async function requireUnderHourlySmsLimit(
  db: Database,
  {
    userId,
    purpose,
    limit,
    now,
    refusal,
  }: { userId: string; purpose: SmsPurpose; limit: number; now: Date; refusal: string },
): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [recent] = await db
    .select({ sent: count(), oldest: min(smsMessages.createdAt) })
    .from(smsMessages)
    .where(and(eq(smsMessages.userId, userId), eq(smsMessages.purpose, purpose), gt(smsMessages.createdAt, hourAgo)));
  if (!recent || recent.sent < limit) return;
  const waitMs = (recent.oldest ? recent.oldest.getTime() : now.getTime()) + HOUR_MS - now.getTime();
  throw new AppError('rate_limited', refusal, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}
