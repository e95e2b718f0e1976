import type { Lead } from '@leadbell/shared/leads';
import { FlaskConical, PauseCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { firstLine, isOverdue, overdueFirst } from '../lead-format.ts';
import { LeadOutcomeBadge } from './lead-outcome-badge.tsx';
import { LeadRowActions } from './lead-row-actions.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { LeadStatusBadge } from './lead-status-badge.tsx';
import { LeadUrgency } from './lead-urgency.tsx';

type LeadsListProps = {
  leads: Lead[];
  viewerId: string;
  defaultCountry: string | null;
  /** What a reply to a lead is titled (its flow's reply subject, replySubjectOf). */
  replySubjectOf: (lead: Lead) => string;
  /** The Open view: leads past their response target lead, then the rest, each newest first. */
  isOverdueFirst?: boolean;
};

/**
 * The inbox's rows. The title is the row's link, stretched over the whole row; Call and Reply sit
 * above it so they stay their own tap targets.
 */
export function LeadsList({ leads, viewerId, defaultCountry, replySubjectOf, isOverdueFirst = false }: LeadsListProps) {
  const now = useNow();
  return (
    <ul aria-label="Leads" className="grid gap-2">
      {(isOverdueFirst ? overdueFirst(leads, now) : leads).map((lead) => {
        const preview = firstLine(lead.message);
        return (
          <li
            key={lead.id}
            className={cn(
              'relative grid gap-2 rounded-xl border bg-white p-4 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-brand-400 hover:border-slate-300',
              isOverdue(lead, now) ? 'border-red-200' : lead.isSeen ? 'border-slate-200' : 'border-brand-200',
            )}
          >
            <div className="flex items-start gap-3">
              <span className="mt-1.5 flex size-2.5 shrink-0 items-center justify-center">
                {lead.isSeen ? null : (
                  <span className="size-2.5 rounded-full bg-brand-600">
                    <span className="sr-only">Unread: </span>
                  </span>
                )}
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex items-start justify-between gap-3">
                  <Link
                    to={`/leads/${encodeURIComponent(lead.id)}`}
                    className={cn(
                      'min-w-0 text-sm text-slate-900 outline-none after:absolute after:inset-0 after:rounded-xl after:content-[""]',
                      lead.isSeen ? 'font-medium' : 'font-semibold',
                    )}
                  >
                    <span dir="auto" className="[overflow-wrap:anywhere]">
                      {lead.title}
                    </span>
                  </Link>
                  <RelativeTime
                    at={lead.createdAt}
                    isPressable
                    pressedLabel="Received"
                    className="shrink-0 text-xs whitespace-nowrap text-slate-500 tabular-nums"
                  />
                </div>
                {preview ? (
                  <p dir="auto" className="line-clamp-2 text-sm text-slate-600 [overflow-wrap:anywhere]">
                    {preview}
                  </p>
                ) : null}
                <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                  <span className="flex min-w-0 flex-wrap items-center gap-1.5">
                    <LeadStatusBadge lead={lead} viewerId={viewerId} />
                    <LeadUrgency lead={lead} now={now} />
                    {lead.outcome ? <LeadOutcomeBadge outcome={lead.outcome} /> : null}
                    {lead.isHeld ? (
                      <Badge tone="warning">
                        <PauseCircle aria-hidden="true" />
                        Held
                      </Badge>
                    ) : null}
                    {lead.isTest ? (
                      <Badge tone="neutral">
                        <FlaskConical aria-hidden="true" />
                        Test
                      </Badge>
                    ) : null}
                    <span className="min-w-0 text-xs text-slate-500 [overflow-wrap:anywhere]">
                      <span className="sr-only">Flow: </span>
                      {lead.flowName}
                    </span>
                  </span>
                  <LeadRowActions lead={lead} defaultCountry={defaultCountry} replySubject={replySubjectOf(lead)} />
                </div>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
