import { TRAFFIC_SOURCE_LABELS, TRAFFIC_SOURCES, type TrafficSource } from '@leadbell/shared/lead-sources';
import { LEAD_OUTCOME_LABELS } from '@leadbell/shared/lead-notes-outcomes';
import {
  LEAD_FILTERS,
  LEAD_OUTCOMES,
  LEAD_SEARCH_MAX,
  type LeadCounts,
  type LeadFilter,
  type LeadOutcomeFilter,
} from '@leadbell/shared/leads';
import { Download, Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

const FILTER_LABELS: Record<LeadFilter, string> = {
  open: 'Open',
  mine: 'Mine',
  tests: 'Tests',
  done: 'Done',
  all: 'All',
  spam: 'Spam',
};

/** The count a tab shows: open, mine, tests and spam have one; done and all grow without end, so not. */
function countOf(counts: LeadCounts | null, filter: LeadFilter): number | null {
  if (!counts || filter === 'done' || filter === 'all') return null;
  return counts[filter];
}

/** Tests is a tab while there are tests to see, or while it is the one shown. */
function isTabShown(filter: LeadFilter, { selected, counts }: { selected: LeadFilter; counts: LeadCounts | null }) {
  return filter !== 'tests' || selected === 'tests' || (counts?.tests ?? 0) > 0;
}

/** A labelled select of the filter row; its label shows from the small breakpoint up. */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="sr-only text-xs font-medium text-slate-600 sm:not-sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30 sm:h-10 sm:text-sm"
      >
        {children}
      </select>
    </div>
  );
}

type LeadFiltersProps = {
  filter: LeadFilter;
  onFilterChange: (filter: LeadFilter) => void;
  flowId: string | null;
  flows: { id: string; name: string }[];
  onFlowChange: (flowId: string | null) => void;
  outcome: LeadOutcomeFilter | null;
  onOutcomeChange: (outcome: LeadOutcomeFilter | null) => void;
  source: TrafficSource | null;
  onSourceChange: (source: TrafficSource | null) => void;
  search: string;
  onSearchChange: (search: string) => void;
  exportHref: string;
  /** How many leads are open, mine, tests and under Spam, once known. */
  counts: LeadCounts | null;
};

/**
 * Open / Mine / Tests / Done / All / Spam, one flow or every flow, one outcome or any, one source
 * or any, a search box, and the CSV of what is shown. On a phone the tabs scroll sideways on their
 * own, so their counts never widen the page.
 */
export function LeadFilters({
  filter,
  onFilterChange,
  flowId,
  flows,
  onFlowChange,
  outcome,
  onOutcomeChange,
  source,
  onSourceChange,
  search,
  onSearchChange,
  exportHref,
  counts,
}: LeadFiltersProps) {
  const searchId = useId();
  const selectsId = useId();
  const activeSelects = [flowId, outcome, source].filter(Boolean).length;
  const [showsSelects, setShowsSelects] = useState(activeSelects > 0);
  return (
    <div className="mb-4 grid gap-3">
      <div
        role="group"
        aria-label="Show leads"
        className="relative flex max-w-full min-w-0 gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset [scrollbar-width:none] sm:justify-self-start"
      >
        {LEAD_FILTERS.filter((value) => isTabShown(value, { selected: filter, counts })).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => onFilterChange(value)}
            className={cn(
              'h-9 flex-1 shrink-0 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:flex-none sm:px-4',
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
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] [&>*]:min-w-0">
        <div className="col-span-2 grid gap-1.5 sm:col-span-4">
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
        {/* On a phone the three selects wait behind one button, so the first lead stays in view. */}
        <Button
          type="button"
          variant="secondary"
          className="h-11 sm:hidden"
          aria-expanded={showsSelects}
          aria-controls={selectsId}
          onClick={() => setShowsSelects((shown) => !shown)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters{activeSelects > 0 ? ` (${activeSelects})` : ''}
        </Button>
        <div
          id={selectsId}
          className={cn('order-last col-span-2 grid gap-3 sm:order-none sm:contents', !showsSelects && 'hidden')}
        >
          <FilterSelect label="Flow" value={flowId ?? ''} onChange={(value) => onFlowChange(value || null)}>
            <option value="">All flows</option>
            {flows.map((flow) => (
              <option key={flow.id} value={flow.id}>
                {flow.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Outcome"
            value={outcome ?? ''}
            onChange={(value) => onOutcomeChange((value || null) as LeadOutcomeFilter | null)}
          >
            <option value="">Any outcome</option>
            {LEAD_OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {LEAD_OUTCOME_LABELS[value]}
              </option>
            ))}
            <option value="none">No outcome yet</option>
          </FilterSelect>
          <FilterSelect
            label="Source"
            value={source ?? ''}
            onChange={(value) => onSourceChange((value || null) as TrafficSource | null)}
          >
            <option value="">Any source</option>
            {TRAFFIC_SOURCES.map((value) => (
              <option key={value} value={value}>
                {TRAFFIC_SOURCE_LABELS[value]}
              </option>
            ))}
          </FilterSelect>
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
