import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { recordLeadEvent } from './record-lead-event.ts';
import { liveLeadOf } from './lead-record.ts';

/** The member opened the lead (its card, or its notification): kept once, shown as "seen by". */
export async function markLeadSeen(
  db: Database,
  { id, entityId, userId }: { id: string; entityId: string; userId: string },
): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  await db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: notifications.id }).from(notifications).where(liveLeadOf(entityId, id));
    if (!lead) throw new AppError('not_found', 'Lead not found.');
    await recordLeadEvent(tx, { entityId, notificationId: id, kind: 'seen', userId });
  });
}
