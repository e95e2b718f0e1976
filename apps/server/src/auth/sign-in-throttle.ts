import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signInThrottles } from '../db/schema/sign-in-throttles.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The sign-in lockout (OWASP ASVS 2.2.1; issue 47, decision 071): an account may fail 4 times in
 * 15 minutes from anywhere; its 4th failure locks it for 30 s, and each further one for twice as
 * long, up to 15 min. An address is locked for 15 min at its 20th failure, whatever accounts it
 * tries. Each try is reserved before the password is checked (db/functions/71-sign-in-lockout.sql),
 * so parallel tries cannot all be checked. The two locks are apart: whoever fails against an
 * account from other addresses cannot keep its owner out for good, since a code from the owner's
 * email signs in past the account's lock and lifts it. State lives in PostgreSQL so every server
 * process enforces the same limits.
 */
export const ACCOUNT_FREE_TRIES = 4;
const ACCOUNT_BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
const ADDRESS_MAX_FAILURES = 20;
const WINDOW_SECONDS = 15 * 60;

function keysOf(email: string, ip: string) {
  return { account: `account:${email}`, address: `ip:${ip}` };
}

/**
 * Counts a failed sign-in against the account and the address before the password is checked, or
 * refuses with 429 while either is locked: `account_locked` (a code from the owner's email gets
 * past it) or `rate_limited` for the address. settleSignInAttempt gives it back unless it failed.
 */
export async function reserveSignInAttempt(db: Database, email: string, ip: string): Promise<void> {
  const { account, address } = keysOf(email, ip);
  const { rows } = await db.execute<{ locked: 'account' | 'address' | null; retry_after_seconds: number | null }>(sql`
    select locked, retry_after_seconds from leadbell_reserve_sign_in(
      ${account}, ${address}, ${ACCOUNT_FREE_TRIES}::int, ${ACCOUNT_BASE_LOCK_SECONDS}::int,
      ${MAX_LOCK_SECONDS}::int, ${ADDRESS_MAX_FAILURES}::int, ${WINDOW_SECONDS}::int)`);
  const { locked, retry_after_seconds: seconds } = rows[0]!;
  if (!locked) return;
  const headers = { 'retry-after': String(seconds) };
  if (locked === 'account')
    throw new AppError(
      'account_locked',
      `Too many failed sign-ins on this account. Try again in ${seconds} seconds, or sign in with a code we email you.`,
      { headers },
    );
  throw new AppError('rate_limited', `Too many failed sign-ins from your network. Try again in ${seconds} seconds.`, {
    headers,
  });
}

async function giveBack(db: Database, keys: string[], account: string): Promise<void> {
  await db.execute(sql`
    select leadbell_give_back_sign_in(
      ${sql.param(keys)}::text[], ${account}, ${ACCOUNT_FREE_TRIES}::int, ${ADDRESS_MAX_FAILURES}::int)`);
}

/**
 * Settles a reserved try by its answer: a wrong password (401) or an unknown email (404) stays
 * counted; a sign-in clears the account's count and lock and gives the address its try back;
 * anything else (not verified yet, the library's own limit, a failure of ours) was no failed
 * password, and gives both back.
 */
export async function settleSignInAttempt(db: Database, email: string, ip: string, status: number): Promise<void> {
  const { account, address } = keysOf(email, ip);
  if (status === 401 || status === 404) return;
  if (status < 400) {
    await clearSignInFailures(db, email);
    await giveBack(db, [address], account);
    return;
  }
  await giveBack(db, [account, address], account);
}

/** Clears the account's count and lock (the address keeps its own): a sign-in, by password or by emailed code. */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, keysOf(email, '').account));
}
