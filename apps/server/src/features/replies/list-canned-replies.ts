import { asc, eq } from 'drizzle-orm';
import type { CannedReplyList } from '@leadbell/shared/replies';
import type { Database } from '../../db/client.ts';
import { cannedReplies } from '../../db/schema/lead-replies.ts';
import { cannedReplyColumns, toCannedReply } from './canned-reply-record.ts';

/** The entity's canned replies, by title. */
export async function listCannedReplies(db: Database, entityId: string): Promise<CannedReplyList> {
  const rows = await db
    .select(cannedReplyColumns)
    .from(cannedReplies)
    .where(eq(cannedReplies.entityId, entityId))
    .orderBy(asc(cannedReplies.title), asc(cannedReplies.createdAt));
  return { data: rows.map(toCannedReply) };
}
