import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DeliveryTarget } from './find-delivery-targets.ts';

/** Why a delivery that waited was not sent, as it records it. */
const NOT_SENT_BECAUSE = {
  claimed: 'Not sent: the lead was claimed first',
  done: 'Not sent: the lead was marked done first',
  spam: 'Not sent: the lead was marked spam',
  deleted: 'Not sent: the lead was deleted',
} as const;

/**
 * Whether a delivery goes only while its lead is open: a text or a call, which interrupts a person
 * and costs the business (a member must not be rung, nor call the customer, about a lead a
 * teammate has taken), and any retry, which comes late by its nature (a push in flight when the
 * team said "Spam" and refused by the push service must not ring again). A lead's first push,
 * email copy or Telegram message goes without this read: that is the ring's fast path.
 */
export function waitsForAnOpenLead(delivery: Pick<DeliveryTarget, 'channel' | 'attempts'>): boolean {
  return delivery.channel === 'sms' || delivery.channel === 'voice' || delivery.attempts > 0;
}

/**
 * Of these leads, those no longer open (claimed, done, in Spam or deleted), each with why what
 * waited for it is not sent. Read just before sending; a claim in the seconds a call takes to
 * place is met by the call's own answer ("taken").
 */
export async function leadsNoLongerOpen(db: Database, leadIds: readonly string[]): Promise<Map<string, string>> {
  if (leadIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; state: keyof typeof NOT_SENT_BECAUSE }>(sql`
    select n.id, case when n.deleted_at is not null then 'deleted' else n.lead_status end as state
      from notifications n
     where n.id = any (${sql.param([...new Set(leadIds)])}::uuid[])
       and (n.deleted_at is not null or n.lead_status <> 'open')`);
  return new Map(rows.map((row) => [row.id, NOT_SENT_BECAUSE[row.state]]));
}
