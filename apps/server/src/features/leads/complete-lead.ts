import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LeadState } from '@leadbell/shared/leads';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { findLeadState } from './lead-record.ts';
import { recordLeadEvent } from './record-lead-event.ts';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event.ts';

type CompleteLeadInput = { id: string; entityId: string; user: SessionUser; now: Date };

/**
 * "Done": the lead was answered. From open it also counts as claimed by whoever answered it, so
 * speed-to-lead has a claim time; a lead already done stays as it was. Its times come from the
 * clock that started the response timer, as a claim's do (claim-lead.ts).
 */
export async function completeLead(db: Database, input: CompleteLeadInput): Promise<LeadState> {
  if (!isUuid(input.id)) throw new AppError('not_found', 'Lead not found.');
  await db.transaction((tx) => markLeadDone(tx, input));
  const state = await findLeadState(db, input.entityId, input.id);
  if (!state) throw new AppError('not_found', 'Lead not found.');
  return state;
}

/** Closes an open or claimed lead inside the caller's transaction, with its event and webhook; anything else stays. */
export async function markLeadDone(tx: Database, { id, entityId, user, now }: CompleteLeadInput): Promise<void> {
  const rows = await tx
    .update(notifications)
    .set({
      leadStatus: 'done',
      doneBy: user.id,
      doneAt: now,
      claimedBy: sql`coalesce(${notifications.claimedBy}, ${user.id})`,
      claimedAt: sql`coalesce(${notifications.claimedAt}, ${now.toISOString()}::timestamptz)`,
      firstClaimedAt: sql`coalesce(${notifications.firstClaimedAt}, ${now.toISOString()}::timestamptz)`,
      firstClaimedBy: sql`coalesce(${notifications.firstClaimedBy}, ${user.id})`,
    })
    // Quarantined spam is not answered (decision 039).
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.entityId, entityId),
        inArray(notifications.leadStatus, ['open', 'claimed']),
        isNull(notifications.deletedAt),
      ),
    )
    .returning({ id: notifications.id });
  if (rows.length === 0) return;
  await recordLeadEvent(tx, { entityId, notificationId: id, kind: 'done', userId: user.id });
  await queueWebhookEvent(tx, { entityId, type: 'lead.done', leadId: id, at: now });
}
