import { outcomeText } from '@leadbell/shared/lead-notes-outcomes';
import type { LeadOutcomeSummary } from '@leadbell/shared/leads';
import { PhoneMissed, ThumbsDown, Trophy } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

const ICONS = { won: Trophy, lost: ThumbsDown, no_answer: PhoneMissed } as const;
const TONES = { won: 'success', lost: 'danger', no_answer: 'neutral' } as const;

/**
 * What became of a lead: `Won`, `Lost`, `No answer`; with the value or the reason when the
 * currency is known (the card), without them in a list row.
 */
export function LeadOutcomeBadge({ outcome, currency }: { outcome: LeadOutcomeSummary; currency?: string }) {
  const Icon = ICONS[outcome.outcome];
  const text = currency
    ? outcomeText(outcome, currency)
    : outcomeText({ outcome: outcome.outcome, value: null, reason: null }, 'USD');
  return (
    <Badge tone={TONES[outcome.outcome]}>
      <Icon aria-hidden="true" />
      <span className="sr-only">Outcome: </span>
      <span className="[overflow-wrap:anywhere]">{text}</span>
    </Badge>
  );
}
