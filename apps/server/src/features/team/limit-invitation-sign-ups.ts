import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInThrottles } from '../../db/schema/sign-in-throttles.ts';
import { AppError } from '../../http/app-error.ts';

// better-auth's own rule for its sign-up endpoint, which this route stands in for: 3 tries per
// 10 seconds per client address. Its limiter only sees requests that go through its handler.
const WINDOW_SECONDS = 10;
const MAX_TRIES = 3;

/**
 * Counts a sign-up from an invitation link against the client address, or refuses it with 429.
 * Kept in PostgreSQL (a `sign_in_throttles` row keyed `invitation-sign-up:<address>`, whose
 * `failures` counts tries here) so every server process enforces the same limit.
 */
export async function takeInvitationSignUp(db: Database, ip: string): Promise<void> {
  const windowOver = sql`${signInThrottles.windowStartedAt} <= now() - make_interval(secs => ${WINDOW_SECONDS})`;
  const [row] = await db
    .insert(signInThrottles)
    .values({ key: `invitation-sign-up:${ip}`, failures: 1 })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${signInThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then now() else ${signInThrottles.windowStartedAt} end`,
      },
    })
    .returning({
      tries: signInThrottles.failures,
      waitSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${signInThrottles.windowStartedAt} + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`,
    });
  if (row && row.tries > MAX_TRIES) {
    throw new AppError('rate_limited', `Too many sign-ups. Try again in ${row.waitSeconds} seconds.`, {
      headers: { 'retry-after': String(row.waitSeconds) },
    });
  }
}
