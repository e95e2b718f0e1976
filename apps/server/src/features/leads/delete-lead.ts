import { sql } from 'drizzle-orm';
import { LEAD_RESTORABLE_DAYS, type LeadDeletion } from '@leadbell/shared/leads';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { recordLeadEvent } from './record-lead-event.ts';
import { liveLeadOf } from './lead-record.ts';

const DAY_MS = 86_400_000;

/**
 * An admin deletes a lead (issue 25): it leaves every list, count, export and the insights (the
 * stats triggers read deleted_at), stops escalating, and whoever was on it no longer is. It can
 * be restored for LEAD_RESTORABLE_DAYS (restoreLead); then the scheduler deletes it for good
 * (deleteExpiredLeads). A lead already deleted is not found, like any lead that is gone.
 */
export async function deleteLead(
  db: Database,
  { id, entityId, user, now }: { id: string; entityId: string; user: SessionUser; now: Date },
): Promise<LeadDeletion> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  await db.transaction(async (tx) => {
    // Its escalation first, then the lead: the escalation sweep locks them in that order, so the
    // two never wait on each other.
    await tx.execute(sql`
      delete from lead_escalations e using notifications n
       where e.notification_id = ${id} and n.id = e.notification_id
         and n.entity_id = ${entityId} and n.deleted_at is null`);
    const isClaimed = sql`${notifications.leadStatus} = 'claimed'`;
    const deleted = await tx
      .update(notifications)
      .set({
        deletedAt: now,
        deletedBy: user.id,
        // Released: nobody is on a lead that is gone, and a restored one comes back open.
        leadStatus: sql`case when ${isClaimed} then 'open' else ${notifications.leadStatus} end`,
        claimedBy: sql`case when ${isClaimed} then null else ${notifications.claimedBy} end`,
        claimedAt: sql`case when ${isClaimed} then null else ${notifications.claimedAt} end`,
      })
      .where(liveLeadOf(entityId, id))
      .returning({ id: notifications.id });
    if (deleted.length === 0) throw new AppError('not_found', 'Lead not found.');
    await recordLeadEvent(tx, { entityId, notificationId: id, kind: 'deleted', userId: user.id });
  });
  return {
    id,
    deletedAt: now.toISOString(),
    deletedBy: { userId: user.id, name: user.name },
    restorableUntil: new Date(now.getTime() + LEAD_RESTORABLE_DAYS * DAY_MS).toISOString(),
  };
}
