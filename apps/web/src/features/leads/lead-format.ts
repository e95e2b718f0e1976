import { formatPhoneNumber } from '@leadbell/shared/contact';
import type { AcknowledgementSkipReason } from '@leadbell/shared/flows';
import type { Lead, LeadPerson, LeadState, LeadTimelineEntry } from '@leadbell/shared/leads';
import { formatTime } from '../../lib/format-date.ts';

/** The first line of a message with text on it, for an inbox row. */
export function firstLine(message: string): string {
  return (
    message
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

/** An open lead whose response target has passed: the team was rung again and it still waits. */
export function isOverdue(lead: Pick<Lead, 'status' | 'respondBy'>, now: Date): boolean {
  return lead.status === 'open' && lead.respondBy !== null && new Date(lead.respondBy).getTime() <= now.getTime();
}

/** How long past its target an overdue lead is: `2 min`, `3 hr`, `2 days`. */
export function formatOverdue(respondBy: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(respondBy).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} hr`;
  const days = Math.floor(minutes / (24 * 60));
  return days === 1 ? '1 day' : `${days} days`;
}

/** When an after-hours lead rings, in the viewer's clock: `09:00 Tue` (`9:00 AM Tue` in en-US). */
export function formatRingsAt(value: string, locale?: string, timeZone?: string): string {
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }).format(new Date(value));
  return `${formatTime(value, { locale, timeZone })} ${day}`;
}

/** Why a lead's card lists no delivery: spam, on its way, held for the plan, waiting for opening time. */
export function undeliveredText(
  lead: Pick<Lead, 'status' | 'isHeld' | 'ringsAt' | 'delivery'>,
  now: Date,
  locale?: string,
  timeZone?: string,
): string {
  if (lead.status === 'spam') return 'Not delivered: spam rings nobody.';
  if (lead.delivery.pending > 0) return 'On its way to the team’s devices.';
  if (lead.isHeld) return 'Held: over the plan’s monthly limit, it rings nobody until a larger plan.';
  if (lead.ringsAt && new Date(lead.ringsAt) > now)
    return `Arrived while you were closed: rings at ${formatRingsAt(lead.ringsAt, locale, timeZone)}.`;
  return 'Not delivered to anyone yet.';
}

/** Overdue leads first, each group keeping its order (newest first): what needs an answer now leads. */
export function overdueFirst<T extends Pick<Lead, 'status' | 'respondBy'>>(leads: T[], now: Date): T[] {
  return [...leads.filter((lead) => isOverdue(lead, now)), ...leads.filter((lead) => !isOverdue(lead, now))];
}

function nameOf(person: LeadPerson | null, viewerId: string): string {
  if (!person) return 'Someone';
  return person.userId === viewerId ? 'You' : person.name;
}

/** Who holds a lead, for a row or the card: `Open`, `Ann is on it`, `You're on it`, `Done by Ann`. */
export function holderText(state: Pick<LeadState, 'status' | 'claimedBy' | 'doneBy'>, viewerId: string): string {
  if (state.status === 'open') return 'Open';
  if (state.status === 'spam') return 'Spam';
  if (state.status === 'done')
    return `Done by ${state.doneBy?.userId === viewerId ? 'you' : (state.doneBy?.name ?? 'someone')}`;
  return state.claimedBy?.userId === viewerId ? 'You’re on it' : `${nameOf(state.claimedBy, viewerId)} is on it`;
}

/** A lost claim, with who won and when: `Ann is on it since 10:42`. */
export function conflictMessage(state: LeadState, viewerId: string, locale?: string, timeZone?: string): string {
  if (state.status === 'done') {
    const at = state.doneAt ? ` at ${formatTime(state.doneAt, { locale, timeZone })}` : '';
    return `${nameOf(state.doneBy, viewerId)} marked it done${at}.`;
  }
  if (state.status === 'open') return 'It was released: try again.';
  const since = state.claimedAt ? ` since ${formatTime(state.claimedAt, { locale, timeZone })}` : '';
  return `${nameOf(state.claimedBy, viewerId)} ${state.claimedBy?.userId === viewerId ? 'are' : 'is'} on it${since}`;
}

/** One line of the timeline in words. */
export function timelineText(entry: LeadTimelineEntry, viewerId: string): string {
  const who = nameOf(entry.person, viewerId);
  // "you" inside a sentence, "You" only where it starts one.
  const whom = who === 'You' ? 'you' : who;
  const where = entry.detail ? ` (${entry.detail})` : '';
  // The number a call or message went to (`called`, `messaged`), as people read it.
  const number = entry.detail ? ` ${formatPhoneNumber(entry.detail)}` : '';
  switch (entry.kind) {
    case 'received':
      return entry.detail ? `Received from ${entry.detail}` : 'Received';
    case 'delivered':
      // Posted to the entity's Slack channel or an outgoing webhook: `detail` names the endpoint.
      if (entry.channel === 'slack') return 'Posted to Slack';
      if (entry.channel === 'webhook') return `Sent to ${entry.detail ?? 'a webhook endpoint'}`;
      // A delivery to a member's Telegram chat carries 'Telegram' as its detail (decision 052).
      if (entry.detail === 'Telegram') return `Sent to ${whom} on Telegram`;
      // A call to a member's phone carries 'Phone call' (issue 50): its own entry says how it went.
      if (entry.detail === 'Phone call') return `Calling ${whom}`;
      // A text to a member's phone carries 'Text message' (decision 053).
      if (entry.detail === 'Text message') return `Texted ${whom}`;
      return `Sent to ${entry.person ? `${who}’s ` : ''}${entry.detail ?? 'device'}`;
    case 'confirmed':
      if (entry.detail === 'Text message') return `Text reached ${entry.person ? `${who}’s ` : 'the '}phone`;
      // A call to a member (issue 50) is confirmed when they pick up.
      if (entry.detail === 'Phone call') return `Call answered by ${entry.person ? whom : 'a member'}`;
      return `Shown on ${entry.person ? `${who}’s ` : ''}${entry.detail ?? 'device'}`;
    case 'emailed':
      return `Emailed to ${entry.detail ?? whom}`;
    case 'failed':
      if (entry.channel === 'slack') return `Slack post failed: ${entry.detail ?? 'unknown reason'}`;
      if (entry.channel === 'webhook') return `Webhook post failed: ${entry.detail ?? 'unknown reason'}`;
      return `Delivery to ${entry.person ? whom : 'a device'} failed${where}`;
    case 'seen':
      return `Seen by ${whom}`;
    case 'claimed':
      return `${who} ${who === 'You' ? 'are' : 'is'} on it`;
    case 'released':
      return `Released by ${whom}`;
    case 'done':
      return `Done by ${whom}`;
    case 'escalated':
      return 'Nobody was on it in time: the team was reminded';
    case 'deleted':
      return `Deleted by ${whom}`;
    case 'restored':
      return `Restored by ${whom}`;
    case 'note':
      return `${who} added a note`;
    case 'replied':
      return `${who} replied by email${entry.detail ? ` to ${entry.detail}` : ''}`;
    case 'called':
      return `${who} called${number}`;
    case 'messaged':
      if (entry.channel === 'whatsapp') return `${who} sent a WhatsApp message${number ? ` to${number}` : ''}`;
      if (entry.channel === 'sms') return `${who} texted${number}`;
      return `${who} sent a message${number ? ` to${number}` : ''}`;
    case 'outcome':
      if (entry.detail === 'cleared') return `${who} cleared the outcome`;
      return entry.detail ? `${who} marked it ${entry.detail}` : `Outcome set by ${whom}`;
    case 'acknowledged':
      return `Acknowledgement emailed to the visitor${entry.detail ? ` at ${entry.detail}` : ''}`;
    case 'phoned':
      return `Phoned ${whom}${entry.detail ? `: ${entry.detail}` : ''}`;
    case 'passed':
      return `${who} passed it on`;
    case 'asked':
      return entry.person ? `Rang ${whom}, in turn` : 'Nobody was on it in turn: everyone was rung';
    case 'not_acknowledged':
      return `No acknowledgement sent: ${ACKNOWLEDGEMENT_SKIPPED[entry.detail as AcknowledgementSkipReason] ?? 'it could not go out'}`;
  }
}

/** Why a visitor got no acknowledgement (decision 047), in plain words. */
const ACKNOWLEDGEMENT_SKIPPED: Record<AcknowledgementSkipReason, string> = {
  no_address: 'the visitor left no email address',
  invalid_address: 'the visitor’s email address is not valid',
  spam: 'the lead is spam',
  blocked: 'this sender was marked as spam',
  already_today: 'this address already got one from this flow today',
};

export type DeliveryLine = {
  key: string;
  person: string;
  target: string;
  outcome: 'sent' | 'shown' | 'emailed' | 'failed';
};

const OUTCOME_RANK = { failed: 0, sent: 1, emailed: 2, shown: 3 } as const;

/**
 * Delivery per member and device or mailbox, from the timeline: the furthest each one got. Slack
 * posts and webhooks are nobody's delivery: the activity lists them.
 */
export function deliveryLines(timeline: LeadTimelineEntry[], viewerId: string): DeliveryLine[] {
  const lines = new Map<string, DeliveryLine>();
  for (const entry of timeline) {
    if (entry.channel === 'slack' || entry.channel === 'webhook') continue;
    const outcome =
      entry.kind === 'delivered'
        ? 'sent'
        : entry.kind === 'confirmed'
          ? 'shown'
          : entry.kind === 'emailed'
            ? 'emailed'
            : entry.kind === 'failed'
              ? 'failed'
              : null;
    if (!outcome) continue;
    const person = entry.person ? nameOf(entry.person, viewerId) : 'Someone who left';
    // A failure's detail is its reason, not the device: it stands on its own line.
    const target = outcome === 'failed' ? 'delivery failed' : (entry.detail ?? 'a device');
    const key = `${entry.person?.userId ?? ''}|${outcome === 'failed' ? `failed ${entry.detail ?? ''}` : target}`;
    const known = lines.get(key);
    if (!known || OUTCOME_RANK[outcome] > OUTCOME_RANK[known.outcome])
      lines.set(key, {
        key,
        person,
        target: outcome === 'failed' ? (entry.detail ?? 'unknown reason') : target,
        outcome,
      });
  }
  return [...lines.values()];
}
