import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Why a lead no longer rings a phone, as its text or call delivery records it. */
const NOT_PHONED_BECAUSE = {
  claimed: 'Not sent: the lead was claimed first',
  done: 'Not sent: the lead was marked done first',
  spam: 'Not sent: the lead was marked spam',
  deleted: 'Not sent: the lead was deleted',
} as const;

/**
 * Of these leads, those no longer open (claimed, done, in Spam or deleted), each with why its
 * texts and calls are not sent. A text or a call interrupts a person and costs the business, so
 * one waiting behind the lane's backlog or its retry goes only while the lead is open: a member
 * must not be rung, nor call the customer, about a lead a teammate has taken. Read just before
 * sending; a claim in the seconds a call takes to place is met by the call's own answer ("taken").
 * Pushes, email copies and Telegram messages inform and cost nothing, so they are not held back.
 */
export async function leadsNoLongerOpen(db: Database, leadIds: readonly string[]): Promise<Map<string, string>> {
  if (leadIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; state: keyof typeof NOT_PHONED_BECAUSE }>(sql`
    select n.id, case when n.deleted_at is not null then 'deleted' else n.lead_status end as state
      from notifications n
     where n.id = any (${sql.param([...new Set(leadIds)])}::uuid[])
       and (n.deleted_at is not null or n.lead_status <> 'open')`);
  return new Map(rows.map((row) => [row.id, NOT_PHONED_BECAUSE[row.state]]));
}
