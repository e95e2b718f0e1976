import type { SetupStatus } from '@leadbell/shared/setup';
import { BellOff, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { alertingWarning, dismissAlertingWarning, isAlertingWarningDismissed } from '../alert-status.ts';

/**
 * The shell's warning when nothing would reach the person about a new lead (decision 021, the
 * alert status of issue 49): on every console page while the server says so. One line on a phone
 * (the reason shows from the small breakpoint up); dismissed, it stays away for a week.
 */
type AlertingBannerProps = {
  setup: SetupStatus | undefined;
  /** Where "Set up notifications" leads; null on that page itself. */
  fixHref: string | null;
};

export function AlertingBanner({ setup, fixHref }: AlertingBannerProps) {
  const headingId = useId();
  const [isDismissed, setIsDismissed] = useState(() => isAlertingWarningDismissed());
  const reason = setup ? alertingWarning(setup.alerting) : null;
  if (!reason || isDismissed) return null;
  return (
    <div
      role="status"
      aria-labelledby={headingId}
      className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-amber-950 sm:px-6 sm:py-3 lg:px-10"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2 sm:items-start sm:gap-3">
        <BellOff aria-hidden="true" className="size-4 shrink-0 text-amber-700 sm:mt-0.5 sm:size-5" />
        <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <div className="min-w-0">
            <p id={headingId} className="font-semibold">
              You will not be alerted about new leads
            </p>
            <p className="mt-0.5 hidden text-amber-900 sm:block">{reason}</p>
          </div>
          {fixHref ? (
            <Link
              to={fixHref}
              className="shrink-0 rounded-md font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-950 focus-visible:outline-2 focus-visible:outline-amber-700"
            >
              Set up notifications
            </Link>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => {
            dismissAlertingWarning();
            setIsDismissed(true);
          }}
          className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-amber-800 hover:bg-amber-100"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Dismiss the warning for a week</span>
        </button>
      </div>
    </div>
  );
}
