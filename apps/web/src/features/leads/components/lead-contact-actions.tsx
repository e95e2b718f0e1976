import { contactActionsOf, type ContactAction, type ContactActionKind } from '@leadbell/shared/contact';
import type { LeadAttemptChannel, LeadDetail } from '@leadbell/shared/leads';
import { ExternalLink, Mail, MessageCircle, MessageSquareText, Phone, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { useRowCopy } from '../../../lib/use-row-copy.ts';
import { recordLeadAttempt } from '../api/record-lead-attempt.ts';

const ICONS: Record<ContactActionKind, LucideIcon> = {
  call: Phone,
  text: MessageSquareText,
  whatsapp: MessageCircle,
  email: Mail,
  link: ExternalLink,
};

const SHORT_LABELS: Record<ContactActionKind, string> = {
  call: 'Call',
  text: 'Text',
  whatsapp: 'WhatsApp',
  // "Reply by email" is the composer's (lead-reply-composer.tsx); this one opens the phone's mail app.
  email: 'Mail app',
  link: 'Open link',
};

/** The taps kept in the timeline as attempts (issue 26): `called` or `messaged`. */
const ATTEMPT_CHANNELS: Partial<Record<ContactActionKind, LeadAttemptChannel>> = {
  call: 'call',
  text: 'sms',
  whatsapp: 'whatsapp',
};

/** Actions on one phone number, address or link, grouped under the value they act on. */
function groupsOf(actions: ContactAction[]): { value: string; actions: ContactAction[] }[] {
  const groups = new Map<string, ContactAction[]>();
  for (const action of actions) groups.set(action.value, [...(groups.get(action.value) ?? []), action]);
  return [...groups].map(([value, grouped]) => ({ value, actions: grouped }));
}

/**
 * Call, Text, WhatsApp, Mail app, Open and Copy for every phone number, address and link the lead
 * holds; a Call, Text or WhatsApp tap is kept in the lead's timeline.
 */
export function LeadContactActions({ lead }: { lead: LeadDetail }) {
  const groups = groupsOf(contactActionsOf(lead, lead.defaultCountry));
  const { copiedId, pendingId, copyFailed, copy } = useRowCopy();
  if (groups.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="lead-contact-heading" className="grid gap-4">
        <h2 id="lead-contact-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Contact
        </h2>
        {groups.map((group) => (
          <div key={group.value} className="grid gap-2">
            <p
              dir="auto"
              className="line-clamp-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]"
              title={group.value}
            >
              {group.value}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {group.actions.map((action) => {
                const Icon = ICONS[action.kind];
                const isOutside = action.kind === 'link' || action.kind === 'whatsapp';
                const channel = ATTEMPT_CHANNELS[action.kind];
                return (
                  <Button
                    key={action.kind}
                    asChild
                    variant={action.kind === 'call' ? 'primary' : 'secondary'}
                    size="sm"
                  >
                    <a
                      href={action.href}
                      aria-label={action.label}
                      // Recorded without waiting: the dialer or WhatsApp opens at once.
                      {...(channel && {
                        onClick: () => recordLeadAttempt(lead.id, { channel, to: action.value }),
                      })}
                      {...(isOutside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      <Icon aria-hidden="true" className="size-3.5" />
                      {SHORT_LABELS[action.kind]}
                    </a>
                  </Button>
                );
              })}
              <CopyButton
                subject={group.value}
                isCopied={copiedId === group.value}
                isPending={pendingId === group.value}
                onCopy={() => void copy(group.value, () => group.value)}
                className="h-8"
              />
            </div>
          </div>
        ))}
        {copyFailed ? (
          <p role="alert" className="text-sm text-red-700">
            Copying is not allowed here: select the text and copy it instead.
          </p>
        ) : null}
      </section>
    </Card>
  );
}
