import { Check, ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

type SetupStepProps = {
  number: number;
  title: string;
  isDone: boolean;
  /** One line shown under a done step, e.g. "A device confirmed a test 2 minutes ago." */
  summary?: ReactNode;
  isExpanded: boolean;
  onToggle: () => void;
  children: ReactNode;
};

/**
 * One step of the checklist: a region named by its title. A done step is a line with a check; a
 * step to do is a disclosure (a button in the heading, aria-expanded), open when it is the current one.
 */
export function SetupStep({ number, title, isDone, summary, isExpanded, onToggle, children }: SetupStepProps) {
  const headingId = useId();
  const panelId = useId();
  return (
    <li>
      <section
        aria-labelledby={headingId}
        className={cn(
          'rounded-xl border transition-colors',
          isDone
            ? 'border-transparent bg-slate-50'
            : isExpanded
              ? 'border-brand-200 bg-white shadow-sm'
              : 'border-slate-200 bg-white',
        )}
      >
        {isDone ? (
          <div className="flex items-start gap-3 px-3 py-3 sm:px-4">
            <span
              aria-hidden="true"
              className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white"
            >
              <Check className="size-4" strokeWidth={3} />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <h3 id={headingId} className="text-sm font-semibold text-slate-700 sm:text-base">
                  {title}
                </h3>
                <span className="text-xs font-semibold text-emerald-700">Done</span>
              </div>
              {summary ? <div className="mt-0.5 text-sm break-words text-slate-500">{summary}</div> : null}
            </div>
          </div>
        ) : (
          <>
            <h3 id={headingId} className="text-sm font-semibold sm:text-base">
              <button
                type="button"
                aria-expanded={isExpanded}
                aria-controls={panelId}
                onClick={onToggle}
                className="flex min-h-14 w-full items-center gap-3 rounded-xl px-3 py-3 text-left text-slate-900 hover:bg-slate-50 sm:px-4"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums ring-2',
                    isExpanded ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-500 ring-slate-300',
                  )}
                >
                  {number}
                </span>
                <span className="min-w-0 flex-1">{title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-5 shrink-0 text-slate-400 transition-transform', isExpanded && 'rotate-180')}
                />
              </button>
            </h3>
            <div id={panelId} hidden={!isExpanded} className="px-3 pb-4 sm:pr-4 sm:pl-14">
              {children}
            </div>
          </>
        )}
      </section>
    </li>
  );
}
