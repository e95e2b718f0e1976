import { cn } from '../../../lib/cn.ts';
import type { LiveStatus } from '../hooks/use-live-notifications.ts';

const LABELS: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Not live: reload to see new notifications',
};

/** Tells the owner whether new notifications will appear by themselves. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-medium ring-1',
        status === 'live' && 'bg-emerald-50 text-emerald-800 ring-emerald-200',
        (status === 'connecting' || status === 'reconnecting') && 'bg-amber-50 text-amber-800 ring-amber-200',
        status === 'offline' && 'bg-slate-100 text-slate-600 ring-slate-200',
      )}
    >
      <span aria-hidden="true" className="relative flex size-2">
        {status === 'live' ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
        ) : null}
        <span
          className={cn(
            'relative inline-flex size-2 rounded-full',
            status === 'live' ? 'bg-emerald-500' : status === 'offline' ? 'bg-slate-400' : 'bg-amber-500',
          )}
        />
      </span>
      {LABELS[status]}
    </span>
  );
}
