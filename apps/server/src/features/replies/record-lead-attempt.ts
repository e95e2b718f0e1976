import { eq } from 'drizzle-orm';
import { contactActionsOf, type ContactActionKind } from '@leadbell/shared/contact';
import type { LeadAttemptChannel } from '@leadbell/shared/leads';
import type { LeadAttempt } from '@leadbell/shared/replies';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { liveLeadOf } from '../leads/lead-record.ts';
import { recordLeadEvent } from '../leads/record-lead-event.ts';

const ACTION_OF: Record<LeadAttemptChannel, ContactActionKind> = { call: 'call', sms: 'text', whatsapp: 'whatsapp' };

/** The number an action's link dials: `tel:+44…`, `sms:+44…`, `https://wa.me/44…` (WhatsApp's is international). */
function numberOf(href: string, channel: LeadAttemptChannel): string {
  if (channel === 'whatsapp') return `+${href.replace(/^https:\/\/wa\.me\//, '')}`;
  return href.replace(/^(tel|sms):/, '');
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * A member tapped Call, Text or WhatsApp on the lead card (issue 26): `called` or `messaged` in the
 * timeline with the number, one of the lead's own as the card's link dials it (`to` picks one when
 * the lead left several; the first otherwise). An attempt is not a response: it claims nothing.
 * Recorded for any live lead, spam too: the call was made all the same.
 */
export async function recordLeadAttempt(
  db: Database,
  {
    id,
    entityId,
    user,
    input,
    now,
  }: {
    id: string;
    entityId: string;
    user: SessionUser;
    input: { channel: LeadAttemptChannel; to?: string | undefined };
    now: Date;
  },
): Promise<LeadAttempt> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const [lead] = await db
    .select({ data: notifications.data, defaultCountry: entities.defaultCountry })
    .from(notifications)
    .innerJoin(entities, eq(entities.id, notifications.entityId))
    .where(liveLeadOf(entityId, id));
  if (!lead) throw new AppError('not_found', 'Lead not found.');
  const { channel } = input;
  // Only the lead's numbers are read: no reply subject is needed.
  const numbers = contactActionsOf({ data: lead.data, replySubject: '' }, lead.defaultCountry)
    .filter((action) => action.kind === ACTION_OF[channel])
    .map((action) => numberOf(action.href, channel));
  const to = input.to ? numbers.find((number) => digitsOf(number) === digitsOf(input.to!)) : numbers[0];
  if (!to)
    throw new AppError(
      'lead_unreachable',
      input.to ? 'Not one of this lead’s numbers.' : 'This lead left no phone number for that.',
      { fields: { to: [input.to ? 'Not one of this lead’s numbers.' : 'This lead left no phone number.'] } },
    );
  const kind = channel === 'call' ? 'called' : 'messaged';
  await db.transaction((tx) =>
    recordLeadEvent(tx, { entityId, notificationId: id, kind, userId: user.id, detail: { channel, to } }),
  );
  return {
    attempt: { kind, at: now.toISOString(), person: { userId: user.id, name: user.name }, detail: to, channel },
  };
}
