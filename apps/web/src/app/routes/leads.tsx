import { TRAFFIC_SOURCES, type TrafficSource } from '@leadbell/shared/lead-sources';
import { LEAD_FILTERS, LEAD_OUTCOME_FILTERS, type LeadFilter, type LeadOutcomeFilter } from '@leadbell/shared/leads';
import { replySubjectOf } from '@leadbell/shared/replies';
import { FlaskConical, Inbox, SearchX, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useFlows } from '../../features/flows/api/get-flows.ts';
import { leadsExportUrl, useLeads, type LeadListFilters } from '../../features/leads/api/get-leads.ts';
import { useLeadCounts } from '../../features/leads/api/get-lead-counts.ts';
import { DeletedLeadNotice } from '../../features/leads/components/deleted-lead-notice.tsx';
import { LeadFilters } from '../../features/leads/components/lead-filters.tsx';
import { LeadsList } from '../../features/leads/components/leads-list.tsx';
import { useDeletedLeadId } from '../../features/leads/deleted-lead-flash.ts';
import { useDebouncedValue } from '../../features/leads/hooks/use-debounced-value.ts';
import { useLiveLeads } from '../../features/leads/hooks/use-live-leads.ts';
import { LiveIndicator } from '../../features/notifications/components/live-indicator.tsx';
import { HeldLeadsBanner } from '../../features/usage/components/held-leads-banner.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useFlashMessage } from '../../lib/flash-message.ts';
import { useRequiredMe } from '../../lib/auth.ts';

/** The inbox opens on the leads still waiting for someone (decision 042). */
const DEFAULT_FILTER: LeadFilter = 'open';

function filterOf(value: string | null): LeadFilter {
  return LEAD_FILTERS.includes(value as LeadFilter) ? (value as LeadFilter) : DEFAULT_FILTER;
}

function outcomeFilterOf(value: string | null): LeadOutcomeFilter | null {
  return LEAD_OUTCOME_FILTERS.includes(value as LeadOutcomeFilter) ? (value as LeadOutcomeFilter) : null;
}

function sourceFilterOf(value: string | null): TrafficSource | null {
  return TRAFFIC_SOURCES.includes(value as TrafficSource) ? (value as TrafficSource) : null;
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
    outcome: outcomeFilterOf(params.get('outcome')),
    source: sourceFilterOf(params.get('source')),
    q: params.get('q') ?? '',
  };
  const update = (change: Partial<LeadListFilters>) => {
    const next = { ...filters, ...change };
    const search = new URLSearchParams();
    if (next.filter !== DEFAULT_FILTER) search.set('filter', next.filter);
    if (next.flowId) search.set('flow', next.flowId);
    if (next.outcome) search.set('outcome', next.outcome);
    if (next.source) search.set('source', next.source);
    if (next.q) search.set('q', next.q);
    setParams(search, { replace: true });
  };
  return { filters, update };
}

export function LeadsPage() {
  const me = useRequiredMe();
  const flashMessage = useFlashMessage();
  const deletedLeadId = useDeletedLeadId();
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
  const counts = useLeadCounts();
  const liveStatus = useLiveLeads();
  const leads = query.data?.pages.flatMap((page) => page.data) ?? [];
  const isFiltered =
    (filters.filter !== 'all' && filters.filter !== 'open') ||
    filters.flowId !== null ||
    filters.outcome !== null ||
    filters.source !== null ||
    filters.q !== '';
  // A business that never had a lead sees how to get one, not "every lead has been taken".
  const hasHadLeads = flows.data?.data.some((flow) => flow.notificationCount > 0) ?? true;
  const isWaitingView =
    filters.filter === 'open' &&
    filters.flowId === null &&
    filters.outcome === null &&
    filters.source === null &&
    filters.q === '' &&
    hasHadLeads;
  const isAdmin = me.user.role === 'admin';
  const flowReplySubjects = new Map(flows.data?.data.map((flow) => [flow.flowId, flow.replySubject]));

  return (
    <>
      <PageHeader
        title="Leads"
        description={
          // On a phone the leads come first: the hint waits for a wider screen.
          <span className="hidden sm:inline">
            Every flow’s leads, newest first and late ones before them. Take one with “I’m on it” so the team knows it
            is handled.
          </span>
        }
        actions={<LiveIndicator status={liveStatus} />}
      />
      {flashMessage && deletedLeadId ? (
        <DeletedLeadNotice leadId={deletedLeadId} message={flashMessage} />
      ) : flashMessage ? (
        <Alert tone="success" className="mb-4">
          {flashMessage}
        </Alert>
      ) : null}
      <HeldLeadsBanner />
      <LeadFilters
        filter={filters.filter}
        onFilterChange={(filter) => update({ filter })}
        flowId={filters.flowId}
        flows={flows.data?.data.map((flow) => ({ id: flow.flowId, name: flow.name })) ?? []}
        onFlowChange={(flowId) => update({ flowId })}
        outcome={filters.outcome}
        onOutcomeChange={(outcome) => update({ outcome })}
        source={filters.source}
        onSourceChange={(source) => update({ source })}
        search={search}
        onSearchChange={setSearch}
        exportHref={leadsExportUrl(filters)}
        counts={counts.data ?? null}
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
        ) : filters.filter === 'tests' && filters.q === '' ? (
          <EmptyState icon={<FlaskConical />} title="No test leads">
            Test leads you send from a flow’s Connect page wait here until someone closes them. They ring only the
            person who sent them and are never counted as open.
          </EmptyState>
        ) : isWaitingView ? (
          <EmptyState
            icon={<Inbox />}
            title="No lead is waiting"
            action={
              <Button variant="secondary" onClick={() => update({ filter: 'all' })}>
                Show all leads
              </Button>
            }
          >
            Every lead has been taken. A new one appears here at once, and your phone rings.
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
                  update({ filter: 'all', flowId: null, outcome: null, source: null, q: '' });
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
              isAdmin ? (
                <Button asChild variant="secondary">
                  <Link to="/setup">Connect your website</Link>
                </Button>
              ) : undefined
            }
          >
            When a visitor sends your form, the lead appears here at once and your phone rings.
          </EmptyState>
        )
      ) : (
        <div className="grid gap-4">
          <LeadsList
            leads={leads}
            viewerId={me.user.id}
            defaultCountry={me.entity?.defaultCountry ?? null}
            replySubjectOf={(lead) =>
              replySubjectOf({
                template: flowReplySubjects.get(lead.flowId) ?? null,
                businessName: me.entity?.name ?? null,
                data: lead.data,
              })
            }
            isOverdueFirst={filters.filter === 'open'}
          />
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
