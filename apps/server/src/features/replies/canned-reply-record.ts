import type { CannedReply } from '@leadbell/shared/replies';
import { cannedReplies } from '../../db/schema/lead-replies.ts';

export const cannedReplyColumns = {
  id: cannedReplies.id,
  title: cannedReplies.title,
  body: cannedReplies.body,
  createdAt: cannedReplies.createdAt,
  updatedAt: cannedReplies.updatedAt,
};

export function toCannedReply(row: {
  id: string;
  title: string;
  body: string;
  createdAt: Date;
  updatedAt: Date;
}): CannedReply {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
