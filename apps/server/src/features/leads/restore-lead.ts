import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { LEAD_RESTORABLE_DAYS, type LeadState } from '@leadbell/shared/leads';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { findLeadState } from './lead-record.ts';
import { recordLeadEvent } from './record-lead-event.ts';

const DAY_MS = 86_400_000;

/**
 * Undoes deleteLead within LEAD_RESTORABLE_DAYS (issue 25): the lead is back in every list, count,
 * export and the insights, open if it was claimed. It does not escalate again: its response
 * target has usually passed, and ringing the team for it is the admin's call. Restoring a lead
 * that was never deleted changes nothing; one deleted longer ago is not found.
 */
export async function restoreLead(
  db: Database,
  { id, entityId, user, now }: { id: string; entityId: string; user: SessionUser; now: Date },
): Promise<LeadState> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  return db.transaction(async (tx) => {
    const restored = await tx
      .update(notifications)
      .set({ deletedAt: null, deletedBy: null })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.entityId, entityId),
          isNotNull(notifications.deletedAt),
          gt(notifications.deletedAt, new Date(now.getTime() - LEAD_RESTORABLE_DAYS * DAY_MS)),
        ),
      )
      .returning({ id: notifications.id });
    if (restored.length > 0)
      await recordLeadEvent(tx, { entityId, notificationId: id, kind: 'restored', userId: user.id });
    const state = await findLeadState(tx, entityId, id);
    if (!state) throw new AppError('not_found', 'Lead not found.');
    return state;
  });
}
