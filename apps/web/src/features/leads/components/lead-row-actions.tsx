import { contactActionsOf } from '@leadbell/shared/contact';
import type { Lead } from '@leadbell/shared/leads';
import { Hand, Mail, Phone } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { takenStateOf, useLeadChange } from '../hooks/use-lead-change.ts';

/**
 * One tap from the inbox: "I'm on it" for an open lead, call its first phone number, reply to its
 * first address. A claim someone else won shows as theirs in the row (the 409 carries their state).
 */
export function LeadRowActions({
  lead,
  defaultCountry,
  replySubject,
}: {
  lead: Lead;
  defaultCountry: string | null;
  replySubject: string;
}) {
  const change = useLeadChange(lead.id);
  const actions = contactActionsOf({ data: lead.data, replySubject }, defaultCountry);
  const call = actions.find((action) => action.kind === 'call');
  const reply = actions.find((action) => action.kind === 'email');
  const failure =
    change.isError && !takenStateOf(change.error) ? errorMessage(change.error, 'Could not take it.') : null;
  if (!call && !reply && lead.status !== 'open') return null;
  return (
    <span className="relative z-10 flex flex-wrap items-center gap-2">
      {lead.status === 'open' ? (
        <Button
          size="sm"
          onClick={() => change.mutate('claim')}
          isLoading={change.isPending}
          disabled={change.isPending}
          aria-label={`I’m on it: ${lead.title}`}
        >
          {change.isPending ? null : <Hand aria-hidden="true" className="size-3.5" />}
          I’m on it
        </Button>
      ) : null}
      {call ? (
        <Button asChild variant="secondary" size="sm">
          <a href={call.href} aria-label={call.label}>
            <Phone aria-hidden="true" className="size-3.5" />
            Call
          </a>
        </Button>
      ) : null}
      {reply ? (
        <Button asChild variant="secondary" size="sm">
          <a href={reply.href} aria-label={reply.label}>
            <Mail aria-hidden="true" className="size-3.5" />
            Reply
          </a>
        </Button>
      ) : null}
      {failure ? (
        <span role="alert" className="w-full text-xs text-red-700">
          {failure}
        </span>
      ) : null}
    </span>
  );
}
