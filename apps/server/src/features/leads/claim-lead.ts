import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LeadState } from '@leadbell/shared/leads';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { findLeadState } from './lead-record.ts';
import { recordLeadEvent } from './record-lead-event.ts';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event.ts';

/** 409 `lead_taken`, carrying who holds it so every console can say "Ann is on it since 10:42". */
export function leadTakenError(state: LeadState): AppError {
  const message =
    state.status === 'done'
      ? `${state.doneBy?.name ?? 'Someone'} already marked this lead done.`
      : `${state.claimedBy?.name ?? 'Someone'} is already on it.`;
  return new AppError('lead_taken', message, { details: { lead: state } });
}

/**
 * Claims the lead for `userId` if nobody is on it, inside the caller's transaction: the one
 * conditional update, so the first claim wins. Also what a reply from the lead card does to an open
 * lead (issue 26): the first response is one claim, whichever way it came.
 */
export async function claimOpenLead(
  tx: Database,
  { id, entityId, userId, now }: { id: string; entityId: string; userId: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(notifications)
    .set({
      leadStatus: 'claimed',
      claimedBy: userId,
      claimedAt: now,
      // Speed-to-lead counts the first claim: a release and a second claim do not move it.
      firstClaimedAt: sql`coalesce(${notifications.firstClaimedAt}, ${now.toISOString()}::timestamptz)`,
      firstClaimedBy: sql`coalesce(${notifications.firstClaimedBy}, ${userId})`,
    })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.entityId, entityId),
        eq(notifications.leadStatus, 'open'),
        isNull(notifications.deletedAt),
      ),
    )
    .returning({ id: notifications.id });
  if (rows.length === 0) return false;
  await recordLeadEvent(tx, { entityId, notificationId: id, kind: 'claimed', userId });
  await queueWebhookEvent(tx, { entityId, type: 'lead.claimed', leadId: id, at: now });
  return true;
}

/**
 * "I'm on it" (decision 024): one conditional update, so the first claim wins and a second one,
 * from any device or process, gets 409 with the holder. Claiming a lead one holds again is fine.
 * The time comes from the clock that started the lead's response timer, so time to claim is one
 * clock's difference (decision 025), also when tests move it.
 */
export async function claimLead(
  db: Database,
  { id, entityId, user, now }: { id: string; entityId: string; user: SessionUser; now: Date },
): Promise<LeadState> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const claimed = await db.transaction((tx) => claimOpenLead(tx, { id, entityId, userId: user.id, now }));
  const state = await findLeadState(db, entityId, id);
  if (!state) throw new AppError('not_found', 'Lead not found.');
  if (!claimed && !(state.status === 'claimed' && state.claimedBy?.userId === user.id)) throw leadTakenError(state);
  return state;
}
