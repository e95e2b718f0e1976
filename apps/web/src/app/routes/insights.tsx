import { INSIGHTS_PERIODS } from '@leadbell/shared/insights';
import { ChartColumn } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useInsights } from '../../features/insights/api/get-insights.ts';
import { InsightsReport } from '../../features/insights/components/insights-report.tsx';
import { PeriodSwitch } from '../../features/insights/components/period-switch.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useRequiredMe } from '../../lib/auth.ts';

const DEFAULT_DAYS = 30;

/** `?days=7|30|90`, so a reload or a shared link keeps the period. */
function usePeriod(): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (INSIGHTS_PERIODS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  return [days, (next) => setParams(next === DEFAULT_DAYS ? {} : { days: String(next) }, { replace: true })];
}

export function InsightsPage() {
  const me = useRequiredMe();
  const [days, setDays] = usePeriod();
  const insights = useInsights(days);
  const isAdmin = me.user.role === 'admin';

  return (
    <>
      <PageHeader
        title="Insights"
        description={
          isAdmin
            ? 'How fast your team answers leads: for the team, each flow and each member.'
            : 'How fast your team answers leads, and how fast you do.'
        }
        actions={<PeriodSwitch days={days} onChange={setDays} isUpdating={insights.isPlaceholderData} />}
      />
      {insights.isPending ? (
        <LoadingState label="Loading insights…" />
      ) : insights.isError ? (
        <ErrorState
          message={errorMessage(insights.error, 'Failed to load insights.')}
          onRetry={() => void insights.refetch()}
          isRetrying={insights.isFetching}
        />
      ) : insights.data.totals.received === 0 ? (
        <EmptyState icon={<ChartColumn />} title={`No leads in the last ${insights.data.days} days`}>
          When your website sends leads, how fast your team claims them shows here.
        </EmptyState>
      ) : (
        <InsightsReport insights={insights.data} viewerId={me.user.id} isAdmin={isAdmin} />
      )}
    </>
  );
}
