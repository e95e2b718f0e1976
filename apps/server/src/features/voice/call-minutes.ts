import { billedMinutesOf } from '@leadbell/shared/voice';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { takeAllowancesUpTo, type Allowance } from '../allowances/take-allowances.ts';

/**
 * Minutes reserved from the month before a call is placed (issue 50): the call itself, most of
 * which is its greeting and one key. Its real length, billed in whole minutes, settles it when it
 * ends: unused minutes go back, a longer call (a member connected to the customer) takes more.
 */
export const CALL_MINUTES_RESERVED = 2;

/** Longer than any billing month: the counter's key is the month's, so its window never restarts within it. */
const MONTH_WINDOW_SECONDS = 32 * 24 * 3600;

/** The plan's call minutes of one billing month of one business, as an allowance counter. */
export function callMinutesAllowance(entityId: string, periodStart: Date, included: number): Allowance {
  return {
    key: `call-minutes:${entityId}:${periodStart.toISOString()}`,
    limit: included,
    windowSeconds: MONTH_WINDOW_SECONDS,
    refusal: 'This month’s call minutes are used up.',
  };
}

/** Call minutes used in the billing month that started at `periodStart` (the usage page). */
export async function callMinutesUsed(db: Database, entityId: string, periodStart: Date): Promise<number> {
  const { rows } = await db.execute<{ used: number }>(sql`
    select used from allowances where key = ${callMinutesAllowance(entityId, periodStart, 0).key}`);
  return rows[0]?.used ?? 0;
}

/**
 * Settles an ended call's reservation with its billed length: gives back what it did not use, or
 * takes what it used beyond (as much as the month still has: a call in progress is not cut off).
 */
export async function settleCallMinutes(
  db: Database,
  {
    allowance,
    reservedMinutes,
    reservedAt,
    durationSeconds,
  }: { allowance: Allowance; reservedMinutes: number; reservedAt: Date; durationSeconds: number },
): Promise<void> {
  const billed = billedMinutesOf(durationSeconds);
  if (billed > reservedMinutes) {
    await takeAllowancesUpTo(db, [allowance], billed - reservedMinutes);
    return;
  }
  if (billed === reservedMinutes) return;
  await db.execute(sql`
    select leadbell_give_back_allowances(${sql.param([allowance.key])}::text[], ${reservedAt.toISOString()}::timestamptz,
                                         ${reservedMinutes - billed}::int)`);
}
