import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';

export const MINUTE_SECONDS = 60;
export const HOUR_SECONDS = 60 * MINUTE_SECONDS;

/**
 * One limit on one subject: at most `limit` uses in a window of `windowSeconds`, counted in the
 * `allowances` row `key`. `refusal` is what the person is told once it is spent; with `field`, it
 * is also that field's message (the input is what is refused, a phone number for instance).
 */
export type Allowance = { key: string; limit: number; windowSeconds: number; refusal: string; field?: string };

/** What a take got, and how to give it back when the work it was for failed. */
export type AllowanceTake = { granted: number; giveBack: (count?: number) => Promise<void> };

/**
 * A counter key's subject when it is a person's address or number: a digest, so the table keeps
 * no contact details, and every spelling of one address counts once.
 */
export function subjectOf(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('base64url');
}

async function take(db: Database, allowances: Allowance[], wanted: number) {
  const keys = sql.param(allowances.map((allowance) => allowance.key));
  const { rows } = await db.execute<{
    granted: number;
    short_of: number | null;
    retry_after_seconds: number | null;
    taken_at: string;
  }>(sql`
    select granted, short_of, retry_after_seconds, taken_at::text
      from leadbell_take_allowances(
        ${keys}::text[],
        ${sql.param(allowances.map((allowance) => allowance.limit))}::int[],
        ${sql.param(allowances.map((allowance) => allowance.windowSeconds))}::int[],
        ${wanted}::int)`);
  const row = rows[0]!;
  const shortOf = row.short_of === null ? null : allowances[row.short_of - 1]!;
  const giveBack = async (count = row.granted) => {
    if (count <= 0) return;
    await db.execute(sql`
      select leadbell_give_back_allowances(${keys}::text[], ${row.taken_at}::timestamptz, ${count}::int)`);
  };
  return { granted: row.granted, shortOf, retryAfterSeconds: row.retry_after_seconds ?? 1, giveBack };
}

/**
 * Takes one use of every allowance at once, before the work they limit, or none: a spent one
 * answers 429 with its refusal and Retry-After, and nothing is taken. Parallel requests cannot
 * pass a limit (db/functions/70-allowances.sql). Give the take back when the work fails.
 */
export async function takeAllowances(db: Database, allowances: Allowance[]): Promise<AllowanceTake> {
  const taken = await take(db, allowances, 1);
  if (taken.granted === 1 || !taken.shortOf) return { granted: taken.granted, giveBack: taken.giveBack };
  const { refusal, field } = taken.shortOf;
  throw new AppError('rate_limited', refusal, {
    headers: { 'retry-after': String(taken.retryAfterSeconds) },
    ...(field && { fields: { [field]: [refusal] } }),
  });
}

/**
 * Takes up to `wanted` uses of every allowance, as many as each still has room for, for work that
 * can be done in part (a lead's texts to several members): answers how many were granted.
 */
export async function takeAllowancesUpTo(
  db: Database,
  allowances: Allowance[],
  wanted: number,
): Promise<AllowanceTake> {
  if (wanted <= 0) return { granted: 0, giveBack: async () => {} };
  const { granted, giveBack } = await take(db, allowances, wanted);
  return { granted, giveBack };
}
