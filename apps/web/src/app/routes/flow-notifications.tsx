import { useQueryClient } from '@tanstack/react-query';
import { BellRing, Plug } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useFlow } from '../../features/flows/api/get-flow.ts';
import { FLOWS_QUERY_KEY } from '../../features/flows/api/get-flows.ts';
import { RedirectProblem } from '../../features/flows/components/redirect-problem.tsx';
import { useNotifications } from '../../features/notifications/api/get-notifications.ts';
import { LiveIndicator } from '../../features/notifications/components/live-indicator.tsx';
import { NotificationsTable } from '../../features/notifications/components/notifications-table.tsx';
import { useLiveNotifications } from '../../features/notifications/hooks/use-live-notifications.ts';
import { useNotificationTarget } from '../../features/notifications/hooks/use-notification-target.ts';
import { USAGE_QUERY_KEY } from '../../features/usage/api/get-usage.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useIsAdmin } from '../../lib/auth.ts';

export function FlowNotificationsPage() {
  const { flowId = '' } = useParams();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const query = useNotifications(flowId);
  // For the form redirect problem; the list itself carries the flow's name and title.
  const flow = useFlow(flowId);
  // Counts and "last lead" on /flows, and the month's usage, change with every notification;
  // `exact` leaves the flow's own queries alone.
  const refreshCounts = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
  }, [queryClient]);
  const liveStatus = useLiveNotifications(flowId, { onNotification: refreshCounts });
  const back = { to: '/flows', label: 'Back to flows' };

  const firstPage = query.data?.pages[0];
  const notifications = query.data?.pages.flatMap((page) => page.Notifications) ?? [];
  const targetId = useNotificationTarget(notifications.map((notification) => notification.id));
  const isTargetMissing = targetId !== null && !notifications.some((notification) => notification.id === targetId);
  const title = firstPage ? `${firstPage.flowTitle} Notifications` : 'Notifications';

  if (query.isPending) {
    return (
      <>
        <PageHeader back={back} title={title} />
        <LoadingState label="Loading notifications…" />
      </>
    );
  }

  if (!query.data) {
    const isNotFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader back={back} title={title} />
        {isNotFound ? (
          <EmptyState icon={<BellRing />} title="No data found">
            This flow doesn’t exist or was deleted.
          </EmptyState>
        ) : (
          <ErrorState
            message={errorMessage(query.error, 'failed to Get notifications')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        back={back}
        title={title}
        description={
          firstPage ? <>Flow: {firstPage.flow}. Newest first; new notifications appear here as they arrive.</> : null
        }
        actions={<LiveIndicator status={liveStatus} />}
      />
      {flow.data?.redirectProblem ? (
        <RedirectProblem problem={flow.data.redirectProblem} isAnnounced className="mb-6" />
      ) : null}
      {isTargetMissing && notifications.length > 0 ? (
        <p role="status" className="mb-4 text-sm text-slate-600">
          {query.hasNextPage
            ? 'The notification you opened is further down: choose Load more to find it.'
            : 'The notification you opened is not in this flow any more.'}
        </p>
      ) : null}
      {notifications.length === 0 ? (
        <EmptyState
          icon={<BellRing />}
          title="You haven't received any notification yet"
          action={
            isAdmin ? (
              <Button asChild variant="secondary">
                <Link to={`/flows/${encodeURIComponent(flowId)}/connect`}>
                  <Plug aria-hidden="true" className="size-4" />
                  Connect your website
                </Link>
              </Button>
            ) : null
          }
        >
          Once notifications arrive, you’ll see detailed insight and a content preview for every message here.
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          <NotificationsTable notifications={notifications} highlightedId={targetId} />
          <LoadMore
            query={query}
            failure="failed to Get notifications"
            allShown={`${notifications.length === 1 ? '1 notification' : `${notifications.length} notifications`}, all shown.`}
          />
        </div>
      )}
    </>
  );
}
