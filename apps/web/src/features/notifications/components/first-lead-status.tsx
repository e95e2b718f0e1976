import type { Notification } from '@leadbell/shared/notifications';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date.ts';

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
  // Newest first.
  const real = notifications?.filter((notification) => !notification.isTest);
  const latest = real?.[0];
  return (
    <div role="status" aria-live="polite" className="text-sm">
      {notifications === undefined ? (
        <p className="flex items-center gap-2 text-slate-500">
          <Spinner className="text-brand-600" />
          Checking for notifications from your site…
        </p>
      ) : latest ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-emerald-800">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          <span className="font-semibold">Received</span>
          <span>
            {real.length === 1 ? 'a notification from your site' : 'notifications from your site'}, the latest{' '}
            <time dateTime={latest.createdAt} title={formatDateTime(latest.createdAt)}>
              {formatRelativeTime(latest.createdAt)}
            </time>
            .
          </span>
          <Link
            to={`/flows/${encodeURIComponent(flowId)}#notification-${encodeURIComponent(latest.id)}`}
            className="font-medium text-brand-700 hover:underline"
          >
            See it
          </Link>
        </p>
      ) : (
        <p className="flex items-center gap-2 text-slate-700">
          <Spinner className="text-brand-600" />
          Waiting for the first notification from your site…
        </p>
      )}
    </div>
  );
}
