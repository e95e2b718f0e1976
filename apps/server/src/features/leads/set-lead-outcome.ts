import { and, ne } from 'drizzle-orm';
import type { LeadOutcomeInput } from '@leadbell/shared/lead-notes-outcomes';
import type { LeadOutcomeSummary } from '@leadbell/shared/leads';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { markLeadDone } from './complete-lead.ts';
import { findLeadState, liveLeadOf } from './lead-record.ts';
import { recordLeadEvent } from './record-lead-event.ts';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event.ts';

/**
 * What became of a lead (issue 26): won (with its value), lost (with a reason) or no answer, and a
 * note; setting it again replaces it, and a value or reason that does not go with the new outcome
 * is cleared. By itself it is not a response: the lead's state and its first claim (speed-to-lead)
 * stay as they are, unless `done` closes the lead in the same transaction, as "Done" does (issue
 * 49). Quarantined spam has no outcome: 409 `lead_is_spam`.
 */
export async function setLeadOutcome(
  db: Database,
  {
    id,
    entityId,
    user,
    input,
    now,
  }: { id: string; entityId: string; user: SessionUser; input: LeadOutcomeInput; now: Date },
): Promise<LeadOutcomeSummary> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const value = input.outcome === 'won' ? (input.value ?? null) : null;
  const reason = input.outcome === 'lost' ? (input.reason ?? null) : null;
  const note = input.note ?? null;
  const isSet = await db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({
        outcome: input.outcome,
        outcomeValue: value === null ? null : value.toFixed(2),
        outcomeReason: reason,
        outcomeNote: note,
        outcomeAt: now,
        outcomeBy: user.id,
      })
      .where(and(liveLeadOf(entityId, id), ne(notifications.leadStatus, 'spam')))
      .returning({ id: notifications.id });
    if (rows.length === 0) return false;
    await recordLeadEvent(tx, {
      entityId,
      notificationId: id,
      kind: 'outcome',
      userId: user.id,
      detail: { outcome: input.outcome, value, reason, note },
    });
    await queueWebhookEvent(tx, { entityId, type: 'lead.outcome', leadId: id, at: now });
    if (input.done) await markLeadDone(tx, { id, entityId, user, now });
    return true;
  });
  if (!isSet) {
    const state = await findLeadState(db, entityId, id);
    if (!state) throw new AppError('not_found', 'Lead not found.');
    throw new AppError('lead_is_spam', 'This lead is spam: mark it as not spam before recording an outcome.');
  }
  return {
    outcome: input.outcome,
    value,
    reason,
    note,
    setAt: now.toISOString(),
    setBy: { userId: user.id, name: user.name },
  };
}
