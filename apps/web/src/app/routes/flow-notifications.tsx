import { BellRing } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useNotifications } from '../../features/notifications/api/get-notifications.ts';
import { NotificationsTable } from '../../features/notifications/components/notifications-table.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

export function FlowNotificationsPage() {
  const { flowId = '' } = useParams();
  const query = useNotifications(flowId);
  const back = { to: '/flows', label: 'Back to flows' };
  const firstPage = query.data?.pages[0];
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

  const notifications = query.data.pages.flatMap((page) => page.Notifications);
  return (
    <>
      <PageHeader
        back={back}
        title={title}
        description={firstPage ? <>Flow: {firstPage.flow}. Newest first.</> : null}
      />
      {notifications.length === 0 ? (
        <EmptyState icon={<BellRing />} title="You haven't received any notification yet">
          Once notifications arrive, you’ll see detailed insight and a content preview for every message here.
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          <NotificationsTable notifications={notifications} />
          {query.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm text-red-700">
              {errorMessage(query.error, 'failed to Get notifications')}
            </p>
          ) : null}
          {query.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void query.fetchNextPage()}
                isLoading={query.isFetchingNextPage}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
