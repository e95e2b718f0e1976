import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { NotifyResponse } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency-keys.ts';
import { AppError } from '../../http/app-error.ts';

const REPLAY_WINDOW = sql`interval '24 hours'`;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The `Idempotency-Key` header, checked: 1–255 visible ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header === 'string' && IDEMPOTENCY_KEY.test(header)) return header;
  const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters.';
  throw new AppError('validation_error', message, { fields: { 'Idempotency-Key': [message] } });
}

/** The first answer given to this key within 24 hours, if any. Callers hold the entity's ingest lock. */
export async function findReplay(tx: Database, entityId: string, key: string): Promise<NotifyResponse | null> {
  const [row] = await tx
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.entityId, entityId),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, sql`now() - ${REPLAY_WINDOW}`),
      ),
    );
  return (row?.response as NotifyResponse | undefined) ?? null;
}

/** Keeps the answer for replays, replacing an expired one under the same key. */
export async function rememberResponse(
  tx: Database,
  entityId: string,
  key: string,
  response: NotifyResponse,
): Promise<void> {
  await tx
    .insert(idempotencyKeys)
    .values({ entityId, key, response })
    .onConflictDoUpdate({
      target: [idempotencyKeys.entityId, idempotencyKeys.key],
      set: { response, createdAt: sql`now()` },
    });
  // Expired keys are pruned now and then rather than on every request, which would scan them all.
  if (Math.random() < 0.01)
    await tx
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.entityId, entityId), lt(idempotencyKeys.createdAt, sql`now() - ${REPLAY_WINDOW}`)));
}
