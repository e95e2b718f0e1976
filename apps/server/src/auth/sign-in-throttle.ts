import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signInThrottles } from '../db/schema/sign-in-throttles.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Progressive lockout after repeated failed sign-ins (OWASP ASVS 2.2.1): from the 5th failure on an
 * account, each further failure locks it for twice as long (30 s, 1 min, 2 min … up to 15 min);
 * an address is locked for 15 min after 20 failures in 15 min, whatever accounts it tries.
 * State lives in PostgreSQL so every server process enforces the same limits.
 */
const ACCOUNT_FREE_FAILURES = 4;
const ACCOUNT_BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
const ADDRESS_MAX_FAILURES = 20;
const WINDOW_SECONDS = 15 * 60;

function keysOf(email: string, ip: string) {
  return { account: `account:${email}`, address: `ip:${ip}` };
}

/** Refuses with 429 and Retry-After while the account or the address is locked. */
export async function assertSignInAllowed(db: Database, email: string, ip: string): Promise<void> {
  const { account, address } = keysOf(email, ip);
  const rows = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(inArray(signInThrottles.key, [account, address]));
  const now = Date.now();
  const waitMs = Math.max(0, ...rows.map((row) => (row.lockedUntil ? row.lockedUntil.getTime() - now : 0)));
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError('rate_limited', `Too many failed sign-ins. Try again in ${seconds} seconds.`, {
      headers: { 'retry-after': String(seconds) },
    });
  }
}

/** Counts a failed sign-in against the account and the address, locking them when due. */
export async function recordSignInFailure(db: Database, email: string, ip: string): Promise<void> {
  const { account, address } = keysOf(email, ip);
  const windowExpired = sql`${signInThrottles.windowStartedAt} < now() - make_interval(secs => ${WINDOW_SECONDS})`;
  const failures = sql`case when ${windowExpired} then 1 else ${signInThrottles.failures} + 1 end`;
  const upsert = (key: string, lockFor: ReturnType<typeof sql>) =>
    db
      .insert(signInThrottles)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: signInThrottles.key,
        set: {
          failures,
          windowStartedAt: sql`case when ${windowExpired} then now() else ${signInThrottles.windowStartedAt} end`,
          lockedUntil: sql`case when ${lockFor} > 0 then now() + make_interval(secs => ${lockFor}) else ${signInThrottles.lockedUntil} end`,
        },
      });
  await upsert(
    account,
    sql`least(${MAX_LOCK_SECONDS}, case when (${failures}) > ${ACCOUNT_FREE_FAILURES} then ${ACCOUNT_BASE_LOCK_SECONDS} * power(2, (${failures}) - ${ACCOUNT_FREE_FAILURES} - 1) else 0 end)`,
  );
  await upsert(address, sql`case when (${failures}) >= ${ADDRESS_MAX_FAILURES} then ${MAX_LOCK_SECONDS} else 0 end`);
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, keysOf(email, '').account));
}
