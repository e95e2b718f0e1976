import {
  LEAD_ATTEMPT_CHANNELS,
  type LeadEventKind,
  type LeadOutcome,
  type LeadTimelineEntry,
  type LostReason,
} from '@leadbell/shared/leads';
import { outcomeText } from '@leadbell/shared/lead-notes-outcomes';

type EventDetail = Pick<LeadTimelineEntry, 'detail' | 'text' | 'channel'>;

function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * What a lead event's stored detail (lead_events.detail) adds to its timeline entry: the words
 * beside it (`detail`) and a note's or reply's text (`text`). Older kinds carry none.
 */
export function leadEventDetailOf(
  kind: LeadEventKind,
  detail: Record<string, unknown> | null,
  currency: string,
): EventDetail {
  if (!detail) return { detail: null };
  switch (kind) {
    case 'note':
      return { detail: null, text: stringOf(detail.text) ?? '' };
    case 'outcome': {
      const outcome = stringOf(detail.outcome) as LeadOutcome | null;
      if (!outcome) return { detail: 'cleared' };
      const summary = outcomeText(
        {
          outcome,
          value: typeof detail.value === 'number' ? detail.value : null,
          reason: stringOf(detail.reason) as LostReason | null,
        },
        currency,
      );
      const note = stringOf(detail.note);
      return note ? { detail: summary, text: note } : { detail: summary };
    }
    case 'replied':
      return { detail: stringOf(detail.to), text: stringOf(detail.body) ?? '' };
    case 'called':
    case 'messaged': {
      const channel = LEAD_ATTEMPT_CHANNELS.find((known) => known === detail.channel);
      return { detail: stringOf(detail.to), ...(channel && { channel }) };
    }
    // The visitor's acknowledgement (decision 047): the address it went to, or why none went.
    case 'acknowledged':
      return { detail: stringOf(detail.to) };
    case 'not_acknowledged':
      return { detail: stringOf(detail.reason) };
    default:
      return typeof detail.text === 'string' ? { detail: null, text: detail.text } : { detail: null };
  }
}
