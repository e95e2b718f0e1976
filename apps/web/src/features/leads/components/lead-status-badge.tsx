import type { LeadState } from '@leadbell/shared/leads';
import { CircleCheck, CircleDot, Hand, ShieldAlert } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { holderText } from '../lead-format.ts';

/** Open, who is on it, done by whom, or quarantined as spam. */
export function LeadStatusBadge({
  lead,
  viewerId,
}: {
  lead: Pick<LeadState, 'status' | 'claimedBy' | 'doneBy'>;
  viewerId: string;
}) {
  const text = holderText(lead, viewerId);
  if (lead.status === 'spam')
    return (
      <Badge tone="neutral">
        <ShieldAlert aria-hidden="true" />
        {text}
      </Badge>
    );
  if (lead.status === 'done')
    return (
      <Badge tone="success">
        <CircleCheck aria-hidden="true" />
        {text}
      </Badge>
    );
  if (lead.status === 'claimed')
    return (
      <Badge tone="brand">
        <Hand aria-hidden="true" />
        <span className="[overflow-wrap:anywhere]">{text}</span>
      </Badge>
    );
  return (
    <Badge tone="warning">
      <CircleDot aria-hidden="true" />
      {text}
    </Badge>
  );
}
