import { LEAD_FILTERS, LEAD_SEARCH_MAX, type LeadCounts, type LeadFilter } from '@leadbell/shared/leads';
import { Download, Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

const FILTER_LABELS: Record<LeadFilter, string> = {
  open: 'Open',
  mine: 'Mine',
  done: 'Done',
  all: 'All',
  spam: 'Spam',
};

/** The count a tab shows: open, mine and spam have one; done and all grow without end, so not. */
function countOf(counts: LeadCounts | null, filter: LeadFilter): number | null {
  if (!counts || filter === 'done' || filter === 'all') return null;
  return counts[filter];
}

type LeadFiltersProps = {
  filter: LeadFilter;
  onFilterChange: (filter: LeadFilter) => void;
  flowId: string | null;
  flows: { id: string; name: string }[];
  onFlowChange: (flowId: string | null) => void;
  search: string;
  onSearchChange: (search: string) => void;
  exportHref: string;
  /** How many leads are open, mine and under Spam, once known. */
  counts: LeadCounts | null;
};

/** Open / Mine / Done / All / Spam, one flow or every flow, a search box, and the CSV of what is shown. */
export function LeadFilters({
  filter,
  onFilterChange,
  flowId,
  flows,
  onFlowChange,
  search,
  onSearchChange,
  exportHref,
  counts,
}: LeadFiltersProps) {
  const flowSelectId = useId();
  const searchId = useId();
  return (
    <div className="mb-4 grid gap-3">
      <div
        role="group"
        aria-label="Show leads"
        className="flex w-full gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset sm:w-auto sm:justify-self-start"
      >
        {LEAD_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => onFilterChange(value)}
            className={cn(
              'h-9 flex-1 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 sm:flex-none sm:px-4',
              filter === value
                ? 'bg-white text-brand-800 shadow-sm'
                : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            {FILTER_LABELS[value]}
            {countOf(counts, value) ? (
              <span
                className={cn(
                  'ml-1.5 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums',
                  value === 'open' ? 'bg-brand-100 text-brand-800' : 'bg-slate-200 text-slate-700',
                )}
              >
                <span className="sr-only">, </span>
                {countOf(counts, value)}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto]">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          {/* On a phone the field's placeholder and the list's first lead need the room more. */}
          <label htmlFor={searchId} className="sr-only text-xs font-medium text-slate-600 sm:not-sr-only">
            Search
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              maxLength={LEAD_SEARCH_MAX}
              onChange={(event) => onSearchChange(event.target.value)}
              placeholder="Name, phone, email, words…"
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <label htmlFor={flowSelectId} className="sr-only text-xs font-medium text-slate-600 sm:not-sr-only">
            Flow
          </label>
          <select
            id={flowSelectId}
            value={flowId ?? ''}
            onChange={(event) => onFlowChange(event.target.value || null)}
            className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30 sm:h-10 sm:text-sm"
          >
            <option value="">All flows</option>
            {flows.map((flow) => (
              <option key={flow.id} value={flow.id}>
                {flow.name}
              </option>
            ))}
          </select>
        </div>
        <Button asChild variant="secondary" className="h-11 sm:h-10">
          <a href={exportHref} download aria-label="Download CSV">
            <Download aria-hidden="true" className="size-4" />
            <span className="sm:hidden">CSV</span>
            <span className="hidden sm:inline">Download CSV</span>
          </a>
        </Button>
      </div>
    </div>
  );
}
