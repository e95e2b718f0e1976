import { count, eq } from 'drizzle-orm';
import type { CannedReply, CannedReplyInput } from '@leadbell/shared/replies';
import type { Database } from '../../db/client.ts';
import { cannedReplies } from '../../db/schema/lead-replies.ts';
import { AppError } from '../../http/app-error.ts';
import { cannedReplyColumns, toCannedReply } from './canned-reply-record.ts';

/** Enough for every situation a team answers often; a picker longer than this helps nobody. */
export const CANNED_REPLIES_MAX = 100;

/** Adds a canned reply to the entity (admins). */
export async function createCannedReply(
  db: Database,
  { entityId, input }: { entityId: string; input: CannedReplyInput },
): Promise<CannedReply> {
  const [existing] = await db
    .select({ total: count() })
    .from(cannedReplies)
    .where(eq(cannedReplies.entityId, entityId));
  if ((existing?.total ?? 0) >= CANNED_REPLIES_MAX)
    throw new AppError('validation_error', `At most ${CANNED_REPLIES_MAX} canned replies: delete one first.`, {
      fields: { title: [`At most ${CANNED_REPLIES_MAX} canned replies: delete one first.`] },
    });
  const [row] = await db
    .insert(cannedReplies)
    .values({ entityId, title: input.title, body: input.body })
    .returning(cannedReplyColumns);
  return toCannedReply(row!);
}
