import type { Notification } from '@leadbell/shared/notifications';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

type FirstLeadStatusProps = {
  flowId: string;
  /** The flow's notifications as loaded (kept live by useLiveNotifications); undefined while loading. */
  notifications: Notification[] | undefined;
};

/**
 * "Waiting for the first notification from your site…", turning into "Received" when a
 * notification that is not a test arrives for the flow (a live region, so it is announced).
 */
export function FirstLeadStatus({ flowId, notifications }: FirstLeadStatusProps) {
  // Newest first, so this is the latest one from the site.
  const latest = notifications?.find((notification) => !notification.isTest);
  return (
    <div role="status" aria-live="polite" className="text-sm">
      {notifications === undefined ? (
        <p className="flex items-center gap-2 text-slate-500">
          <Spinner className="text-brand-600" />
          Checking for notifications from your site…
        </p>
      ) : latest ? (
        <div className="grid gap-0.5">
          <p className="flex items-center gap-2 font-semibold text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            Received
          </p>
          <p className="pl-7 text-slate-600">
            The latest notification from your site arrived <RelativeTime at={latest.createdAt} />.{' '}
            <Link
              to={`/flows/${encodeURIComponent(flowId)}#notification-${encodeURIComponent(latest.id)}`}
              className="font-medium text-brand-700 hover:underline"
            >
              See it
            </Link>
          </p>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-slate-700">
          <Spinner className="text-brand-600" />
          Waiting for the first notification from your site…
        </p>
      )}
    </div>
  );
}
