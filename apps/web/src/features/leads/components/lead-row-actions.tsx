import { contactActionsOf } from '@leadbell/shared/contact';
import type { Lead } from '@leadbell/shared/leads';
import { Mail, Phone } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** Call the lead's first phone number and reply to its first address, one tap from the inbox. */
export function LeadRowActions({ lead, defaultCountry }: { lead: Lead; defaultCountry: string | null }) {
  const actions = contactActionsOf(lead, defaultCountry);
  const call = actions.find((action) => action.kind === 'call');
  const reply = actions.find((action) => action.kind === 'email');
  if (!call && !reply) return null;
  return (
    <span className="relative z-10 flex flex-wrap gap-2">
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
    </span>
  );
}
