import { sql } from 'drizzle-orm';
import type { TestReachChannel } from '@leadbell/shared/setup';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';

/**
 * Notes that a test reached the member by email, Telegram or text: the first-day checklist's test
 * step ticks by any channel they chose (issue 49), as a device's receipt ticks it for a push.
 */
export async function recordTestReached(db: Database, userId: string, channel: TestReachChannel): Promise<void> {
  const reached = { testReachedAt: sql`now()`, testReachedBy: channel };
  await db
    .insert(deliveryPreferences)
    .values({ userId, ...reached })
    .onConflictDoUpdate({ target: deliveryPreferences.userId, set: reached });
}
