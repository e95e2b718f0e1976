import { INSIGHTS_PERIODS } from '@leadbell/shared/insights';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

type PeriodSwitchProps = { days: number; onChange: (days: number) => void; isUpdating: boolean };

/** 7, 30 or 90 days: a segmented control of toggle buttons. */
export function PeriodSwitch({ days, onChange, isUpdating }: PeriodSwitchProps) {
  return (
    <div className="flex items-center gap-3">
      {isUpdating ? (
        <span role="status" className="flex items-center gap-1.5 text-xs text-slate-500">
          <Spinner className="size-3.5" />
          Updating…
        </span>
      ) : null}
      <div
        role="group"
        aria-label="Period"
        className="flex gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset"
      >
        {INSIGHTS_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={period === days}
            onClick={() => onChange(period)}
            className={cn(
              'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
              period === days
                ? 'bg-white text-brand-800 shadow-sm'
                : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            {period} days
          </button>
        ))}
      </div>
    </div>
  );
}
