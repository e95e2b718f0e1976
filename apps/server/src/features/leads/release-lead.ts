import { and, eq, inArray } from 'drizzle-orm';
import type { LeadState } from '@leadbell/shared/leads';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { findLeadState, liveLeadOf } from './lead-record.ts';
import { recordLeadEvent } from './record-lead-event.ts';

/**
 * "Release" gives a lead back to the team (open again), from claimed or done. Only whoever holds
 * or completed it, or an admin, may: nobody takes a lead out of a teammate's hands by accident.
 */
export async function releaseLead(
  db: Database,
  { id, entityId, user }: { id: string; entityId: string; user: SessionUser },
): Promise<LeadState> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: notifications.leadStatus, claimedBy: notifications.claimedBy, doneBy: notifications.doneBy })
      .from(notifications)
      .where(liveLeadOf(entityId, id))
      .for('update');
    if (!current) throw new AppError('not_found', 'Lead not found.');
    // Open already, or quarantined (which "Not spam" takes out): nothing to give back.
    if (current.status === 'claimed' || current.status === 'done') {
      const holder = current.status === 'done' ? current.doneBy : current.claimedBy;
      if (holder !== user.id && user.role !== 'admin') {
        const state = (await findLeadState(tx, entityId, id))!;
        const name = (state.status === 'done' ? state.doneBy : state.claimedBy)?.name ?? 'whoever holds it';
        throw new AppError('forbidden', `Only ${name} or an admin can give this lead back.`);
      }
      await tx
        .update(notifications)
        .set({ leadStatus: 'open', claimedBy: null, claimedAt: null, doneBy: null, doneAt: null })
        .where(and(eq(notifications.id, id), inArray(notifications.leadStatus, ['claimed', 'done'])));
      await recordLeadEvent(tx, { entityId, notificationId: id, kind: 'released', userId: user.id });
    }
    return (await findLeadState(tx, entityId, id))!;
  });
}
