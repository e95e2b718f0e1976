import type { AlertStatus } from '@leadbell/shared/setup';
import { BellOff, BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useSetup } from '../api/get-setup.ts';
import { alertChannelsText } from '../alert-status.ts';

type AlertStatusNoteProps = {
  alerting: AlertStatus;
  /** Where to set up notifications when nothing reaches the person; null on that page itself. */
  fixHref: string | null;
  className?: string;
};

/** The alert status in one line: "New leads reach you by push on 1 device and email.", or a warning. */
export function AlertStatusNote({ alerting, fixHref, className }: AlertStatusNoteProps) {
  const text = alertChannelsText(alerting);
  if (text)
    return (
      <p className={cn('flex items-start gap-2 text-sm text-slate-600', className)}>
        <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
        <span>New leads reach you by {text}.</span>
      </p>
    );
  return (
    <p className={cn('flex items-start gap-2 text-sm font-medium text-amber-900', className)}>
      <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span>
        Nothing reaches you about new leads.
        {fixHref ? (
          <>
            {' '}
            <Link to={fixHref} className="underline underline-offset-2 hover:text-amber-950">
              Set up notifications
            </Link>
          </>
        ) : null}
      </span>
    </p>
  );
}

/** The signed-in person's alert status, read from the server's setup answer (shared with the shell's banner). */
export function MyAlertStatus({ className }: { className?: string }) {
  const setup = useSetup();
  if (!setup.data) return null;
  return <AlertStatusNote alerting={setup.data.alerting} fixHref="/setup" className={className} />;
}
