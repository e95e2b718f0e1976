import { useQueryClient } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { markLeadSeen } from '../../features/leads/api/change-lead.ts';
import { useLead } from '../../features/leads/api/get-lead.ts';
import { applyLeadPatch } from '../../features/leads/apply-lead-state.ts';
import { RelativeTime } from '../../components/ui/relative-time.tsx';
import { LeadCard } from '../../features/leads/components/lead-card.tsx';
import { deletedLeadFlash } from '../../features/leads/deleted-lead-flash.ts';
import { useLiveLeads } from '../../features/leads/hooks/use-live-leads.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useRequiredMe } from '../../lib/auth.ts';

const BACK = { to: '/leads', label: 'Back to leads' };

/** Opening the card is reading the lead: "seen by" me, and no unread dot in the inbox. */
function useMarkSeen(leadId: string, isLoaded: boolean, isSeen: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isLoaded || isSeen) return;
    markLeadSeen(leadId)
      .then(() => applyLeadPatch(queryClient, leadId, { isSeen: true }))
      // Best effort: the dot stays until the next time the card opens.
      .catch(() => undefined);
  }, [leadId, isLoaded, isSeen, queryClient]);
}

export function LeadPage() {
  const { leadId = '' } = useParams();
  const me = useRequiredMe();
  const navigate = useNavigate();
  const query = useLead(leadId);
  useLiveLeads();
  useMarkSeen(leadId, query.isSuccess, query.data?.isSeen ?? true);

  if (query.isPending) {
    return (
      <>
        <PageHeader back={BACK} title="Lead" />
        <LoadingState label="Loading the lead…" />
      </>
    );
  }
  // A 404 wins over the lead shown before: it was deleted since (issue 25).
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  if (!query.data || isNotFound) {
    return (
      <>
        <PageHeader back={BACK} title="Lead" />
        {isNotFound ? (
          <EmptyState icon={<SearchX />} title="Lead not found">
            It was deleted, or belongs to another business.
          </EmptyState>
        ) : (
          <ErrorState
            message={errorMessage(query.error, 'The lead could not be loaded.')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        )}
      </>
    );
  }
  const lead = query.data;
  return (
    <>
      <PageHeader
        back={BACK}
        title={
          <span dir="auto" className="[overflow-wrap:anywhere]">
            {lead.title}
          </span>
        }
        description={
          <span className="[overflow-wrap:anywhere]">
            {lead.flowName} · <RelativeTime at={lead.createdAt} />
          </span>
        }
      />
      <LeadCard
        lead={lead}
        viewerId={me.user.id}
        isAdmin={me.user.role === 'admin'}
        onDeleted={() => void navigate('/leads', { state: deletedLeadFlash(lead) })}
      />
    </>
  );
}
