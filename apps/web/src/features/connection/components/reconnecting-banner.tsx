import { Spinner } from '../../../components/ui/spinner.tsx';
import { useConnectionStatus } from '../use-connection-status.ts';

/**
 * The shell's calm note while Leadbell is briefly out of reach (lib/connection-status.ts). The
 * live region stays mounted so screen readers hear it appear; it empties once Leadbell answers.
 */
export function ReconnectingBanner() {
  const status = useConnectionStatus();
  return (
    <div role="status" aria-live="polite" className="sticky top-14 z-20 md:top-0">
      {status === 'reconnecting' ? (
        <div className="border-b border-sky-200 bg-sky-50 px-4 py-3 text-sky-950 sm:px-6 lg:px-10">
          <p className="mx-auto flex max-w-6xl items-center gap-3 text-sm">
            <Spinner className="size-5 shrink-0 text-sky-700" />
            <span>
              <span className="font-semibold">Reconnecting…</span> Leadbell will catch up by itself.
            </span>
          </p>
        </div>
      ) : null}
    </div>
  );
}
