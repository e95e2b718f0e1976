import type { Lead } from '@leadbell/shared/leads';
import { AlarmClock, Moon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatOverdue, formatRingsAt, isOverdue } from '../lead-format.ts';

/**
 * What makes an open lead urgent, or why it is quiet: past its response target (the team has been
 * rung again), or arrived while the business was closed and rings when it opens.
 */
export function LeadUrgency({ lead, now }: { lead: Pick<Lead, 'status' | 'respondBy' | 'ringsAt'>; now: Date }) {
  if (isOverdue(lead, now))
    return (
      <Badge tone="danger">
        <AlarmClock aria-hidden="true" />
        Overdue {formatOverdue(lead.respondBy!, now)}
      </Badge>
    );
  if (lead.status === 'open' && lead.ringsAt && new Date(lead.ringsAt) > now)
    return (
      <Badge tone="neutral">
        <Moon aria-hidden="true" />
        Rings at {formatRingsAt(lead.ringsAt)}
      </Badge>
    );
  return null;
}
