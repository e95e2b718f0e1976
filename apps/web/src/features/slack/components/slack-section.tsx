import { WEBHOOK_EVENT_LABELS, type WebhookDelivery } from '@leadbell/shared/webhooks';
import type { SlackConnection } from '@leadbell/shared/slack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2, MessageSquare, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useFlows } from '../../flows/api/get-flows.ts';
import { webhookDeliveriesQueryKey } from '../../webhooks/api/get-webhook-deliveries.ts';
import { EndpointActions, type TestOutcome } from '../../webhooks/components/endpoint-actions.tsx';
import { disconnectSlack } from '../api/disconnect-slack.ts';
import { SLACK_INTEGRATION_QUERY_KEY, useSlackIntegration } from '../api/get-slack-integration.ts';
import { sendSlackTest } from '../api/send-slack-test.ts';
import { ConnectSlackDialog } from './connect-slack-dialog.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

function testOutcome(delivery: WebhookDelivery): TestOutcome {
  if (delivery.status === 'delivered') return { tone: 'success', text: 'Test message posted: look in the channel.' };
  const answer =
    delivery.lastStatusCode !== null
      ? `HTTP ${delivery.lastStatusCode}${delivery.responseExcerpt ? ` ${delivery.responseExcerpt}` : ''}`
      : 'no answer';
  return {
    tone: 'error',
    text: `Slack did not accept the test message (${answer}). ${delivery.lastError ?? ''}`.trim(),
  };
}

/** The connection: its masked URL, what it posts, test, replace, disconnect and its delivery log. */
function SlackConnectionCard({ connection, flowName }: { connection: SlackConnection; flowName: string | null }) {
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SLACK_INTEGRATION_QUERY_KEY });
  const test = useMutation({
    mutationFn: sendSlackTest,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(connection.id) });
      await refresh();
    },
  });
  const disconnect = useMutation({
    mutationFn: disconnectSlack,
    onSuccess: async () => {
      setIsConfirming(false);
      await refresh();
    },
  });

  return (
    <Card className={cn('grid min-w-0 gap-3 p-4', !connection.enabled && 'bg-slate-50')}>
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">Connected channel</h3>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
          <span className="sr-only">Incoming-webhook URL, masked: </span>
          {connection.url}
        </p>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {connection.enabled ? null : <Badge tone="warning">Off</Badge>}
        {connection.events.map((type) => (
          <Badge key={type} tone="brand">
            {WEBHOOK_EVENT_LABELS[type]}
          </Badge>
        ))}
        <Badge>{flowName ? `Flow: ${flowName}` : 'Every flow'}</Badge>
      </div>
      {!connection.enabled && connection.disabledReason ? (
        <Alert tone="error">
          Leadbell turned Slack off
          {connection.disabledAt ? (
            <>
              {' '}
              <RelativeTime at={connection.disabledAt} />
            </>
          ) : null}
          : {connection.disabledReason}
        </Alert>
      ) : null}
      <p className="text-xs text-slate-500">
        {connection.lastSuccessAt ? (
          <>
            Last posted <RelativeTime at={connection.lastSuccessAt} />.
          </>
        ) : (
          'Nothing posted yet.'
        )}
      </p>
      <EndpointActions
        endpointId={connection.id}
        isTesting={test.isPending}
        onTest={() => test.mutate()}
        testOutcome={test.data ? testOutcome(test.data) : null}
        testError={test.isError ? errorMessage(test.error) : null}
      >
        <ConnectSlackDialog
          isReplacing
          flowId={connection.flowId}
          trigger={
            <Button variant="secondary" size="sm">
              <Link2 aria-hidden="true" className="size-3.5" />
              {connection.enabled ? 'Replace URL' : 'Connect again'}
            </Button>
          }
        />
        <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setIsConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-3.5" />
          Disconnect
        </Button>
      </EndpointActions>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => (open ? undefined : setIsConfirming(false))}
        title="Disconnect Slack?"
        description="Leads are no longer posted to the channel, and the delivery log is deleted. You can connect again with the same or a new URL."
        confirmLabel="Disconnect"
        onConfirm={() => disconnect.mutate()}
        isPending={disconnect.isPending}
        error={disconnect.isError ? errorMessage(disconnect.error) : null}
      />
    </Card>
  );
}

/** Slack on the Channels page (admins): connect one channel's incoming webhook, test it, read its log. */
export function SlackSection() {
  const slack = useSlackIntegration();
  const flows = useFlows();
  const connection = slack.data?.connection ?? null;
  const flowName = connection?.flowId
    ? (flows.data?.data.find((flow) => flow.flowId === connection.flowId)?.name ?? 'A deleted flow')
    : null;
  return (
    <SectionCard
      title="Slack"
      description="Each new lead is posted to one Slack channel with its fields and an “Open lead” button; who is on it and when it is done follow as short messages (Slack’s incoming webhooks cannot reply in a thread)."
    >
      {slack.isPending ? (
        <LoadingState label="Loading Slack…" className="py-8" />
      ) : slack.isError ? (
        <ErrorState
          message={errorMessage(slack.error)}
          onRetry={() => void slack.refetch()}
          isRetrying={slack.isFetching}
          quiet
        />
      ) : connection ? (
        <SlackConnectionCard connection={connection} flowName={flowName} />
      ) : (
        <EmptyState
          icon={<MessageSquare />}
          title="Slack is not connected"
          action={<ConnectSlackDialog isReplacing={false} flowId={null} trigger={<Button>Connect Slack</Button>} />}
        >
          Post each new lead to a Slack channel, with its fields and a button that opens it here.
        </EmptyState>
      )}
    </SectionCard>
  );
}
