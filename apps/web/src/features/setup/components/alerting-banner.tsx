import type { SetupStatus } from '@leadbell/shared/setup';
import { BellOff, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { alertingWarning, dismissAlertingWarning, isAlertingWarningDismissed } from '../alerting-warning.ts';

/**
 * The shell's warning when nothing would reach the owner about a new lead (decision 021): shown on
 * every console page while the server says so, dismissible for this browser session.
 */
type AlertingBannerProps = {
  setup: SetupStatus | undefined;
  /** Where "Set up notifications" leads; null on that page itself. */
  fixHref: string | null;
};

export function AlertingBanner({ setup, fixHref }: AlertingBannerProps) {
  const headingId = useId();
  const [isDismissed, setIsDismissed] = useState(isAlertingWarningDismissed);
  const reason = setup ? alertingWarning(setup) : null;
  if (!reason || isDismissed) return null;
  return (
    <div
      role="status"
      aria-labelledby={headingId}
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6 lg:px-10"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3">
        <BellOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <div className="min-w-0 text-sm">
            <p id={headingId} className="font-semibold">
              You will not be alerted about new leads
            </p>
            <p className="mt-0.5 text-amber-900">{reason}</p>
          </div>
          {fixHref ? (
            <Button asChild size="sm" className="self-start sm:self-center">
              <Link to={fixHref}>Set up notifications</Link>
            </Button>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => {
            dismissAlertingWarning();
            setIsDismissed(true);
          }}
          className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-amber-800 hover:bg-amber-100"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Dismiss the warning for this session</span>
        </button>
      </div>
    </div>
  );
}
