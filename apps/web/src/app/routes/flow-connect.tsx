import { maskFlowId } from '@leadbell/shared/masking';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useApiKeys } from '../../features/api-keys/api/get-api-keys.ts';
import { ConnectCode } from '../../features/connect/components/connect-code.tsx';
import { KeyBar } from '../../features/connect/components/key-bar.tsx';
import { SendTestLead } from '../../features/connect/components/send-test-lead.tsx';
import { useConnectKey } from '../../features/connect/hooks/use-connect-key.ts';
import { formFieldsOf } from '../../features/connect/snippets.ts';
import { useFlow } from '../../features/flows/api/get-flow.ts';
import { FLOWS_QUERY_KEY } from '../../features/flows/api/get-flows.ts';
import { useNotifications } from '../../features/notifications/api/get-notifications.ts';
import { FirstLeadStatus } from '../../features/notifications/components/first-lead-status.tsx';
import { LiveIndicator } from '../../features/notifications/components/live-indicator.tsx';
import { useLiveNotifications } from '../../features/notifications/hooks/use-live-notifications.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useFlashMessage } from '../../lib/flash-message.ts';
import { publicUrl } from '../../public/site-config.ts';

function ApiReferenceLink() {
  return (
    <Button asChild variant="secondary">
      {/* A plain link: the server renders the reference, it is not a console page. */}
      <a href="/docs/api">
        <BookOpen aria-hidden="true" className="size-4" />
        API reference
      </a>
    </Button>
  );
}

export function FlowConnectPage() {
  const { flowId = '' } = useParams();
  const queryClient = useQueryClient();
  const flashMessage = useFlashMessage();
  const flow = useFlow(flowId);
  const keys = useApiKeys();
  const notifications = useNotifications(flowId);
  const connectKey = useConnectKey(keys.data?.data ?? []);
  const refreshCounts = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY, exact: true });
  }, [queryClient]);
  const liveStatus = useLiveNotifications(flowId, { onNotification: refreshCounts });
  const back = { to: '/flows', label: 'Back to flows' };
  const title = 'Connect your website';

  // The keys too: until they arrive the snippets hold a placeholder, and a quick Copy took it.
  if (flow.isPending || keys.isPending) {
    return (
      <>
        <PageHeader back={back} title={title} />
        <LoadingState label="Loading flow…" />
      </>
    );
  }
  if (flow.isError) {
    const isNotFound =
      flow.error instanceof ApiError && (flow.error.status === 404 || flow.error.code === 'validation_error');
    return (
      <>
        <PageHeader back={back} title={title} />
        {isNotFound ? (
          <EmptyState icon={<SearchX />} title="No data found">
            This flow doesn’t exist or was deleted.
          </EmptyState>
        ) : (
          <ErrorState
            message={errorMessage(flow.error, 'failed to get flow')}
            onRetry={() => void flow.refetch()}
            isRetrying={flow.isFetching}
          />
        )}
      </>
    );
  }

  const fields = formFieldsOf([flow.data.title, flow.data.message]);
  const input = {
    endpoint: publicUrl(),
    flowId,
    apiKey: connectKey.shownKey,
    fields,
    siteOrigin: connectKey.key?.allowedOrigins[0],
    turnstileSiteKey: flow.data.turnstileSiteKey,
  };
  const loadedNotifications = notifications.data?.pages.flatMap((page) => page.Notifications);

  return (
    <>
      <PageHeader
        back={back}
        title={title}
        description={
          <>
            Flow <span className="font-medium text-slate-800">{flow.data.name}</span> (
            <code className="font-mono text-xs">{maskFlowId(flowId)}</code>). Paste one of these into your website: your
            Leadbell address, the flow ID and your key are filled in.
          </>
        }
        actions={<ApiReferenceLink />}
      />
      <div className="grid max-w-4xl min-w-0 gap-6">
        {flashMessage ? <Alert tone="success">{flashMessage}</Alert> : null}
        <SectionCard title="Your API key">
          {keys.isPending ? (
            <LoadingState label="Loading API keys…" className="py-4" />
          ) : keys.isError ? (
            <ErrorState
              message={errorMessage(keys.error, 'Failed to load your API keys.')}
              onRetry={() => void keys.refetch()}
              isRetrying={keys.isFetching}
              quiet
            />
          ) : (
            <KeyBar keys={keys.data.data} connectKey={connectKey} />
          )}
        </SectionCard>

        <SectionCard title="Code for your website">
          <ConnectCode input={input} connectKey={connectKey} flowId={flowId} />
        </SectionCard>

        <SectionCard title="Test it" description="Send the form on your site, or a test lead from here.">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            {notifications.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(notifications.error, 'Failed to load this flow’s notifications.')}
              </p>
            ) : (
              <FirstLeadStatus flowId={flowId} notifications={loadedNotifications} />
            )}
            <span className="self-start">
              <LiveIndicator status={liveStatus} />
            </span>
          </div>
          <div className="border-t border-slate-100 pt-4">
            <SendTestLead flowId={flowId} fields={fields} connectKey={connectKey} />
          </div>
        </SectionCard>
      </div>
    </>
  );
}
