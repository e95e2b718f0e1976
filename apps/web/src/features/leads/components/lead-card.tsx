import type { LeadDetail } from '@leadbell/shared/leads';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { deliveryLines, undeliveredText } from '../lead-format.ts';
import { MyAlertStatus } from '../../setup/components/alert-status-note.tsx';
import { leadSourceLine } from '../lead-source-format.ts';
import { DeleteLeadButton } from './delete-lead-button.tsx';
import { LeadClaimPanel } from './lead-claim-panel.tsx';
import { LeadContactActions } from './lead-contact-actions.tsx';
import { LeadNotes } from './lead-notes.tsx';
import { LeadOutcomePanel } from './lead-outcome-panel.tsx';
import { LeadReplyComposer } from './lead-reply-composer.tsx';
import { LeadTimeline } from './lead-timeline.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid min-w-0 gap-3 p-4 sm:p-6">
      <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </Card>
  );
}

/** A label and a value a visitor may have typed: any language, any length, never HTML. */
function Row({ label, children, isNarrow = false }: { label: string; children: ReactNode; isNarrow?: boolean }) {
  return (
    <div
      className={
        isNarrow
          ? 'grid min-w-0 grid-cols-[5rem_minmax(0,1fr)] gap-3'
          : 'grid min-w-0 gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4'
      }
    >
      <dt dir="auto" className="text-sm font-medium text-slate-500 [overflow-wrap:anywhere]">
        {label}
      </dt>
      <dd dir="auto" className="min-w-0 text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
        {children}
      </dd>
    </div>
  );
}

const OUTCOME_TEXT = { sent: 'Sent', shown: 'Shown', emailed: 'Emailed', failed: 'Failed' } as const;

type LeadCardProps = { lead: LeadDetail; viewerId: string; isAdmin: boolean; onDeleted: () => void };

/** Everything about one lead: who is on it, one-tap contact, the message, every field, delivery and activity. */
export function LeadCard({ lead, viewerId, isAdmin, onDeleted }: LeadCardProps) {
  const fields = Object.entries(lead.data ?? {});
  const sourceLine = leadSourceLine(lead);
  const deliveries = deliveryLines(lead.timeline, viewerId);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-4">
        <LeadClaimPanel lead={lead} viewerId={viewerId} isAdmin={isAdmin} />
        <LeadContactActions lead={lead} />
        <LeadReplyComposer lead={lead} isAdmin={isAdmin} />
        <Section title="Message">
          {lead.message ? (
            <p dir="auto" className="text-base whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
              {lead.message}
            </p>
          ) : (
            <p className="text-sm text-slate-500">No message.</p>
          )}
        </Section>
        <Section title="Fields">
          {fields.length > 0 ? (
            <dl aria-label="Fields" className="grid gap-3">
              {fields.map(([key, value]) => (
                <Row key={key} label={key}>
                  {String(value)}
                </Row>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-500">The form sent no fields.</p>
          )}
          {lead.shortenedFields.length > 0 ? (
            <p className="text-xs text-slate-500">Cut to the field limit: {lead.shortenedFields.join(', ')}.</p>
          ) : null}
        </Section>
        <Section title="Outcome">
          <LeadOutcomePanel lead={lead} viewerId={viewerId} />
        </Section>
        <Section title="Notes">
          <LeadNotes lead={lead} viewerId={viewerId} />
        </Section>
      </div>
      <div className="grid min-w-0 gap-4">
        <Section title="Details">
          <dl className="grid gap-3">
            <Row isNarrow label="Received">
              <span className="grid">
                <span>{formatDateTime(lead.createdAt)}</span>
                <RelativeTime at={lead.createdAt} className="text-xs text-slate-500" />
              </span>
            </Row>
            <Row isNarrow label="Flow">
              {lead.flowName}
            </Row>
            {sourceLine ? (
              <Row isNarrow label="Source">
                {sourceLine}
              </Row>
            ) : null}
            {lead.pageUrl ? (
              <Row isNarrow label="Page">
                {lead.pageUrl}
              </Row>
            ) : null}
            {lead.url && lead.url !== lead.pageUrl ? (
              <Row isNarrow label="Link">
                {lead.url}
              </Row>
            ) : null}
            {lead.isTest ? (
              <Row isNarrow label="Kind">
                Test
              </Row>
            ) : null}
          </dl>
        </Section>
        <Section title="Delivery">
          {deliveries.length > 0 ? (
            <ul aria-label="Delivery" className="grid gap-2">
              {deliveries.map((line) => (
                <li key={line.key} className="grid text-sm">
                  <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {line.person}: {OUTCOME_TEXT[line.outcome]}
                  </span>
                  <span className="text-xs text-slate-500 [overflow-wrap:anywhere]">{line.target}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{undeliveredText(lead, new Date())}</p>
          )}
          <MyAlertStatus className="border-t border-slate-100 pt-3" />
        </Section>
        <Section title="Activity">
          <LeadTimeline timeline={lead.timeline} viewerId={viewerId} />
        </Section>
        {isAdmin ? (
          <div>
            <DeleteLeadButton lead={lead} onDeleted={onDeleted} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
