import { and, eq, sql } from 'drizzle-orm';
import type { CannedReply, CannedReplyPatch } from '@leadbell/shared/replies';
import type { Database } from '../../db/client.ts';
import { cannedReplies } from '../../db/schema/lead-replies.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { cannedReplyColumns, toCannedReply } from './canned-reply-record.ts';

/** Changes a canned reply's title or text (admins); another entity's id answers 404. */
export async function updateCannedReply(
  db: Database,
  { id, entityId, patch }: { id: string; entityId: string; patch: CannedReplyPatch },
): Promise<CannedReply> {
  if (!isUuid(id)) throw new AppError('not_found', 'Canned reply not found.');
  const [row] = await db
    .update(cannedReplies)
    .set({
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.body !== undefined && { body: patch.body }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(cannedReplies.id, id), eq(cannedReplies.entityId, entityId)))
    .returning(cannedReplyColumns);
  if (!row) throw new AppError('not_found', 'Canned reply not found.');
  return toCannedReply(row);
}
