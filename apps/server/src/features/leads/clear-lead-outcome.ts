import { and, isNotNull } from 'drizzle-orm';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { findLeadState, liveLeadOf } from './lead-record.ts';
import { recordLeadEvent } from './record-lead-event.ts';

/**
 * Takes a lead's outcome back (issue 26): the timeline keeps that it was cleared, by whom. A lead
 * without an outcome is answered as it is, with nothing recorded.
 */
export async function clearLeadOutcome(
  db: Database,
  { id, entityId, user }: { id: string; entityId: string; user: SessionUser },
): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const isCleared = await db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({
        outcome: null,
        outcomeValue: null,
        outcomeReason: null,
        outcomeNote: null,
        outcomeAt: null,
        outcomeBy: null,
      })
      .where(and(liveLeadOf(entityId, id), isNotNull(notifications.outcome)))
      .returning({ id: notifications.id });
    if (rows.length === 0) return false;
    await recordLeadEvent(tx, {
      entityId,
      notificationId: id,
      kind: 'outcome',
      userId: user.id,
      detail: { outcome: null },
    });
    return true;
  });
  if (!isCleared && !(await findLeadState(db, entityId, id))) throw new AppError('not_found', 'Lead not found.');
}
