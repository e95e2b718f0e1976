import { SPAM_REASON_LABELS, type LeadDetail } from '@leadbell/shared/leads';
import { BellRing, CircleCheck, Hand, ShieldAlert, ShieldCheck, Undo2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatTime } from '../../../lib/format-date.ts';
import { conflictMessage } from '../lead-format.ts';
import type { LeadChange } from '../api/change-lead.ts';
import { takenStateOf, useLeadChange } from '../hooks/use-lead-change.ts';
import { LeadStatusBadge } from './lead-status-badge.tsx';

type LeadClaimPanelProps = { lead: LeadDetail; viewerId: string; isAdmin: boolean };

/**
 * Who is on the lead and the buttons to change it, at the top of the card: on an iPhone the
 * notification has no buttons, so "I'm on it" must be one tap away on the page it opens.
 */
export function LeadClaimPanel({ lead, viewerId, isAdmin }: LeadClaimPanelProps) {
  const change = useLeadChange(lead.id);
  const isMine = lead.status === 'claimed' && lead.claimedBy?.userId === viewerId;
  const canRelease = (lead.status === 'claimed' && (isMine || isAdmin)) || lead.status === 'done';
  const taken = change.isError ? takenStateOf(change.error) : null;
  const { delivered, failed, pending } = lead.delivery;
  // A lead taken out of the quarantine never rang: the team decides whether it should now.
  const canRing = lead.status === 'open' && !lead.isHeld && delivered + failed + pending === 0;
  const busy = (action: LeadChange) => change.isPending && change.variables === action;
  const since =
    lead.status === 'claimed' && lead.claimedAt
      ? ` since ${formatTime(lead.claimedAt)}`
      : lead.status === 'done' && lead.doneAt
        ? ` at ${formatTime(lead.doneAt)}`
        : '';
  return (
    <section aria-label="Who is on it" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <LeadStatusBadge lead={lead} viewerId={viewerId} />
        {since ? <span className="text-slate-500">{since.trim()}</span> : null}
      </div>
      {lead.status === 'spam' ? (
        <div className="grid gap-2 text-sm text-slate-600">
          <p>Quarantined as spam: it rang nobody and does not count against your plan.</p>
          <ul aria-label="Why it is spam" className="grid list-disc gap-1 pl-5">
            {(lead.spamReasons ?? []).map((reason) => (
              <li key={reason}>{SPAM_REASON_LABELS[reason]}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {lead.status === 'open' ? (
          <Button
            onClick={() => change.mutate('claim')}
            isLoading={change.isPending && change.variables === 'claim'}
            disabled={change.isPending}
          >
            {change.isPending && change.variables === 'claim' ? null : <Hand aria-hidden="true" className="size-4" />}
            I’m on it
          </Button>
        ) : null}
        {lead.status === 'open' || lead.status === 'claimed' ? (
          <Button
            variant={isMine ? 'primary' : 'secondary'}
            onClick={() => change.mutate('done')}
            isLoading={change.isPending && change.variables === 'done'}
            disabled={change.isPending}
          >
            {change.isPending && change.variables === 'done' ? null : (
              <CircleCheck aria-hidden="true" className="size-4" />
            )}
            Done
          </Button>
        ) : null}
        {canRelease ? (
          <Button
            variant="ghost"
            onClick={() => change.mutate('release')}
            isLoading={change.isPending && change.variables === 'release'}
            disabled={change.isPending}
          >
            {change.isPending && change.variables === 'release' ? null : (
              <Undo2 aria-hidden="true" className="size-4" />
            )}
            {lead.status === 'done' ? 'Reopen' : 'Release'}
          </Button>
        ) : null}
      </div>
      {lead.status === 'spam' || canRing ? (
        <div className="flex flex-wrap gap-2">
          {lead.status === 'spam' ? (
            <Button onClick={() => change.mutate('not-spam')} isLoading={busy('not-spam')} disabled={change.isPending}>
              {busy('not-spam') ? null : <ShieldCheck aria-hidden="true" className="size-4" />}
              Not spam
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => change.mutate('ring')}
              isLoading={busy('ring')}
              disabled={change.isPending}
            >
              {busy('ring') ? null : <BellRing aria-hidden="true" className="size-4" />}
              Ring the team now
            </Button>
          )}
        </div>
      ) : null}
      {lead.status !== 'spam' ? (
        <div>
          <Button
            variant="ghost"
            onClick={() => change.mutate('spam')}
            isLoading={busy('spam')}
            disabled={change.isPending}
          >
            {busy('spam') ? null : <ShieldAlert aria-hidden="true" className="size-4" />}
            Spam
          </Button>
        </div>
      ) : null}
      {change.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {taken ? conflictMessage(taken, viewerId) : errorMessage(change.error)}
        </p>
      ) : null}
    </section>
  );
}
