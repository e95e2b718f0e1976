import { LEAD_FILTERS, type LeadFilter } from '@leadbell/shared/leads';
import { Inbox, SearchX, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useFlows } from '../../features/flows/api/get-flows.ts';
import { leadsExportUrl, useLeads, type LeadListFilters } from '../../features/leads/api/get-leads.ts';
import { useQuarantine } from '../../features/leads/api/get-quarantine.ts';
import { LeadFilters } from '../../features/leads/components/lead-filters.tsx';
import { LeadsList } from '../../features/leads/components/leads-list.tsx';
import { useDebouncedValue } from '../../features/leads/hooks/use-debounced-value.ts';
import { useLiveLeads } from '../../features/leads/hooks/use-live-leads.ts';
import { LiveIndicator } from '../../features/notifications/components/live-indicator.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useRequiredMe } from '../../lib/auth.ts';

function filterOf(value: string | null): LeadFilter {
  return LEAD_FILTERS.includes(value as LeadFilter) ? (value as LeadFilter) : 'all';
}

/**
 * The filters live in the address (`/leads?filter=open&flow=…&q=…`): a reload, a shared link and
 * Back keep them.
 */
function useLeadFilters() {
  const [params, setParams] = useSearchParams();
  const filters: LeadListFilters = {
    filter: filterOf(params.get('filter')),
    flowId: params.get('flow'),
    q: params.get('q') ?? '',
  };
  const update = (change: Partial<LeadListFilters>) => {
    const next = { ...filters, ...change };
    const search = new URLSearchParams();
    if (next.filter !== 'all') search.set('filter', next.filter);
    if (next.flowId) search.set('flow', next.flowId);
    if (next.q) search.set('q', next.q);
    setParams(search, { replace: true });
  };
  return { filters, update };
}

export function LeadsPage() {
  const me = useRequiredMe();
  const { filters, update } = useLeadFilters();
  const [search, setSearch] = useState(filters.q);
  const settledSearch = useDebouncedValue(search.trim());
  useEffect(() => {
    if (settledSearch !== filters.q) update({ q: settledSearch });
    // Only a settled search writes the address; the other filters are read fresh each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSearch]);

  const query = useLeads(filters);
  const flows = useFlows();
  const quarantine = useQuarantine();
  const liveStatus = useLiveLeads();
  const leads = query.data?.pages.flatMap((page) => page.data) ?? [];
  const isFiltered = filters.filter !== 'all' || filters.flowId !== null || filters.q !== '';

  return (
    <>
      <PageHeader
        title="Leads"
        description={
          // On a phone the leads come first: the hint waits for a wider screen.
          <span className="hidden sm:inline">
            Every flow’s leads, newest first. Take one with “I’m on it” so the team knows it is handled.
          </span>
        }
        actions={<LiveIndicator status={liveStatus} />}
      />
      <LeadFilters
        filter={filters.filter}
        onFilterChange={(filter) => update({ filter })}
        flowId={filters.flowId}
        flows={flows.data?.data.map((flow) => ({ id: flow.flowId, name: flow.name })) ?? []}
        onFlowChange={(flowId) => update({ flowId })}
        search={search}
        onSearchChange={setSearch}
        exportHref={leadsExportUrl(filters)}
        spamCount={quarantine.data?.count ?? null}
      />
      {query.isPending ? (
        <LoadingState label="Loading leads…" />
      ) : !query.data ? (
        <ErrorState
          message={errorMessage(query.error, 'The leads could not be loaded.')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : leads.length === 0 ? (
        filters.filter === 'spam' && filters.q === '' ? (
          <EmptyState icon={<ShieldCheck />} title="No spam">
            Submissions judged spam wait here: they ring nobody and do not count against your plan.
          </EmptyState>
        ) : isFiltered ? (
          <EmptyState
            icon={<SearchX />}
            title="No leads match"
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  update({ filter: 'all', flowId: null, q: '' });
                }}
              >
                Show all leads
              </Button>
            }
          >
            Nothing here with these filters.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<Inbox />}
            title="No leads yet"
            action={
              <Button asChild variant="secondary">
                <Link to="/setup">Connect your website</Link>
              </Button>
            }
          >
            When a visitor sends your form, the lead appears here at once and your phone rings.
          </EmptyState>
        )
      ) : (
        <div className="grid gap-4">
          <LeadsList leads={leads} viewerId={me.user.id} defaultCountry={me.entity?.defaultCountry ?? null} />
          <LoadMore
            query={query}
            failure="More leads could not be loaded."
            allShown={`${leads.length === 1 ? '1 lead' : `${leads.length} leads`}, all shown.`}
          />
        </div>
      )}
    </>
  );
}
