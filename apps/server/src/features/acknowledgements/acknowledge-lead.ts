import { isOpenAt, type WeeklySchedule } from '@leadbell/shared/business-hours';
import { emailFieldValueOf, leadEmailOf } from '@leadbell/shared/contact';
import type { AcknowledgementSkipReason } from '@leadbell/shared/flows';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AcknowledgeLeadPayload } from '../../jobs/acknowledge-lead.job.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { visitorMailAllowance } from '../../mail/visitor-mail-allowance.ts';
import { takeAllowances } from '../allowances/take-allowances.ts';
import { recordLeadEvent } from '../leads/record-lead-event.ts';
import { senderFingerprint } from '../spam/spam-score.ts';
import { acknowledgementMail, templateDataOf } from './acknowledgement-mail.ts';

type LeadToAcknowledge = {
  entity_id: string;
  flow_id: string;
  data: Record<string, unknown> | null;
  lead_status: string;
  created_at: Date;
  sender_fingerprint: string | null;
  acknowledgement_enabled: boolean;
  acknowledgement_subject: string | null;
  acknowledgement_body: string | null;
  acknowledgement_after_hours_body: string | null;
  entity_name: string;
  reply_to_email: string | null;
  owner_email: string | null;
  time_zone: string;
  business_hours: WeeklySchedule | null;
  local_day: string;
  settled: boolean;
};

/** The same hash the spam feature keeps of an email sender, so the team's "Spam" on it counts here too. */
function addressHashOf(address: string): string {
  return senderFingerprint({ email: address })!;
}

/**
 * Emails a lead's visitor the flow's acknowledgement (decision 047), or records why not: no
 * address, an invalid one, spam meanwhile, a sender the team marked as spam, or one already sent
 * to this address from this flow on the lead's day in the entity's zone. Idempotent: a lead with
 * either event is done; a rerun after the day's row was taken for this very lead sends again (the
 * mail may not have gone), which beats not at all. A mail that fails throws, and pg-boss retries;
 * so does one past the installation's ceiling on mail to visitors (VISITOR_MAILS_PER_MINUTE),
 * which it waits for rather than sending or dropping.
 */
export function createAcknowledgeLeadHandler({
  db,
  mailer,
  visitorMailsPerMinute,
}: {
  db: Database;
  mailer: Mailer;
  visitorMailsPerMinute: number;
}) {
  return async function acknowledgeLead({ notificationId }: AcknowledgeLeadPayload): Promise<void> {
    const { rows } = await db.execute<LeadToAcknowledge>(sql`
      select n.entity_id, n.flow_id, n.data, n.lead_status, n.created_at, n.sender_fingerprint,
             f.acknowledgement_enabled, f.acknowledgement_subject, f.acknowledgement_body,
             f.acknowledgement_after_hours_body,
             e.name as entity_name, e.reply_to_email, e.time_zone, e.business_hours,
             (select u.email from users u
               where u.entity_id = e.id and u.role = 'admin' order by u.created_at, u.id limit 1) as owner_email,
             to_char(n.created_at at time zone e.time_zone, 'YYYY-MM-DD') as local_day,
             exists (select from lead_events ev
                      where ev.notification_id = n.id and ev.kind in ('acknowledged', 'not_acknowledged')) as settled
        from notifications n
        join flows f on f.id = n.flow_id
        join entities e on e.id = n.entity_id
       where n.id = ${notificationId} and n.deleted_at is null and not n.is_test`);
    const lead = rows[0];
    // Gone, done before, or switched off since it was queued: nothing to say.
    if (!lead || lead.settled || !lead.acknowledgement_enabled) return;
    if (!lead.acknowledgement_subject || !lead.acknowledgement_body) return;
    const event = { entityId: lead.entity_id, notificationId, userId: null };
    const skip = async (reason: AcknowledgementSkipReason): Promise<void> => {
      await recordLeadEvent(db, { ...event, kind: 'not_acknowledged', detail: { reason } });
    };

    if (lead.lead_status === 'spam') return skip('spam');
    const address = leadEmailOf(lead.data);
    if (!address) return skip(emailFieldValueOf(lead.data) ? 'invalid_address' : 'no_address');
    const addressHash = addressHashOf(address);
    const { rows: marks } = await db.execute(sql`
      select 1 from spam_marks
       where entity_id = ${lead.entity_id} and verdict = 'spam'
         and fingerprint in (${addressHash}, ${lead.sender_fingerprint ?? addressHash})`);
    if (marks.length > 0) return skip('blocked');
    const { rows: today } = await db.execute<{ notification_id: string | null }>(sql`
      with taken as (
        insert into acknowledgements_sent (flow_id, address_hash, day, entity_id, notification_id)
        values (${lead.flow_id}, ${addressHash}, ${lead.local_day}::date, ${lead.entity_id}, ${notificationId})
        on conflict do nothing
        returning notification_id
      )
      select notification_id from taken
      union all
      select notification_id from acknowledgements_sent
       where flow_id = ${lead.flow_id} and address_hash = ${addressHash} and day = ${lead.local_day}::date
         and not exists (select from taken)`);
    if (today[0]?.notification_id !== notificationId) return skip('already_today');

    const isOpen = isOpenAt({ timeZone: lead.time_zone, schedule: lead.business_hours }, new Date(lead.created_at));
    const taken = await takeAllowances(db, [visitorMailAllowance(visitorMailsPerMinute)]);
    await mailer
      .send(
        acknowledgementMail({
          to: address,
          replyTo: lead.reply_to_email ?? lead.owner_email,
          entityName: lead.entity_name,
          subject: lead.acknowledgement_subject,
          body: (!isOpen && lead.acknowledgement_after_hours_body) || lead.acknowledgement_body,
          data: templateDataOf(lead.data),
        }),
      )
      .catch(async (error: unknown) => {
        await taken.giveBack();
        throw error;
      });
    await recordLeadEvent(db, { ...event, kind: 'acknowledged', detail: { to: address } });
  };
}
