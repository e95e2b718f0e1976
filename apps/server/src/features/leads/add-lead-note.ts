import { sql } from 'drizzle-orm';
import type { LeadTimelineEntry } from '@leadbell/shared/leads';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { liveLeadOf } from './lead-record.ts';
import { recordLeadEvent } from './record-lead-event.ts';

/**
 * A note for the team on a lead (issue 26): kept as a `note` event with its text, told to every
 * open console, and searchable from the inbox at once. Its folded text is appended to the lead's
 * lead_search row; before the worker wrote that row, the row is written here with the lead's own
 * text too (the worker then leaves it be). The row's upsert reads the lead through liveLeadOf, so
 * another entity's lead and a deleted one write nothing and answer 404.
 */
export async function addLeadNote(
  db: Database,
  { id, entityId, user, text }: { id: string; entityId: string; user: SessionUser; text: string },
): Promise<LeadTimelineEntry> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  // Folded, and its digits kept, as the worker keeps the lead's own (db/functions/35-search-text.sql).
  const note = sql`leadbell_search_fold(${text}::text)`;
  const leadText = sql`leadbell_lead_search_text(${notifications.title}, ${notifications.message}, ${notifications.data})`;
  // The event's own time is the transaction's start (now()), a moment after this.
  const at = new Date();
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      insert into lead_search (notification_id, search_text, search_digits)
      select ${notifications.id}, ${leadText} || ' ' || ${note},
             trim(leadbell_search_digits(${leadText}) || ' ' || leadbell_search_digits(${note}))
        from ${notifications}
       where ${liveLeadOf(entityId, id)}
      on conflict (notification_id) do update
        set search_text = lead_search.search_text || ' ' || ${note},
            search_digits = trim(lead_search.search_digits || ' ' || leadbell_search_digits(${note}))
      returning notification_id`);
    if (rows.length === 0) throw new AppError('not_found', 'Lead not found.');
    await recordLeadEvent(tx, { entityId, notificationId: id, kind: 'note', userId: user.id, detail: { text } });
  });
  return { kind: 'note', at: at.toISOString(), person: { userId: user.id, name: user.name }, detail: null, text };
}
