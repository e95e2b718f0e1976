import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cannedReplies } from '../../db/schema/lead-replies.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';

/** Deletes a canned reply (admins); replies already sent keep their text in each lead's timeline. */
export async function deleteCannedReply(db: Database, { id, entityId }: { id: string; entityId: string }) {
  if (!isUuid(id)) throw new AppError('not_found', 'Canned reply not found.');
  const deleted = await db
    .delete(cannedReplies)
    .where(and(eq(cannedReplies.id, id), eq(cannedReplies.entityId, entityId)))
    .returning({ id: cannedReplies.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Canned reply not found.');
}
