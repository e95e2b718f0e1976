import { WEBHOOK_EVENT_LABELS, type WebhookDelivery, type WebhookDeliveryAttempt } from '@leadbell/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useWebhookDeliveries, webhookDeliveriesQueryKey } from '../api/get-webhook-deliveries.ts';
import { resendWebhookDelivery } from '../api/resend-webhook-delivery.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Retrying', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

function eventLabel(type: WebhookDelivery['eventType']): string {
  return type === 'webhook.test' ? 'Test event' : WEBHOOK_EVENT_LABELS[type];
}

/** Every attempt, oldest first, each with its own answer: a 500 and the 200 after it both show. */
function AttemptLog({ attempts }: { attempts: WebhookDeliveryAttempt[] }) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-600">All {attempts.length} attempts</summary>
      <ol aria-label="Attempts" className="mt-1 grid gap-1">
        {attempts.map((attempt) => (
          <li key={attempt.number} className="flex flex-wrap gap-x-2 text-slate-700">
            <span className="font-medium">#{attempt.number}</span>
            <time dateTime={attempt.attemptedAt}>{formatDateTime(attempt.attemptedAt)}</time>
            <span className={attempt.outcome === 'delivered' ? 'text-green-700' : 'text-red-700'}>
              {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? 'No answer')}
            </span>
            <span>{attempt.durationMs} ms</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendWebhookDelivery(endpointId, delivery.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(endpointId) }),
  });
  const status =
    delivery.status === 'pending' && delivery.attempts === 0
      ? { label: 'Sending', tone: 'neutral' as const }
      : STATUS[delivery.status];
  const facts = [
    `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
    delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : null,
    delivery.lastDurationMs !== null ? `${delivery.lastDurationMs} ms` : null,
  ].filter(Boolean);
  return (
    <li className="grid gap-1.5 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-slate-900">{eventLabel(delivery.eventType)}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
        <RelativeTime at={delivery.createdAt} className="text-xs text-slate-500" />
      </div>
      <p className="text-xs text-slate-600">{facts.join(' · ')}</p>
      {delivery.lastError ? <p className="text-xs text-red-700">{delivery.lastError}</p> : null}
      {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 ? (
        <p className="text-xs text-slate-600">
          Next attempt <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
        </p>
      ) : null}
      {delivery.attemptLog.length > 1 ? <AttemptLog attempts={delivery.attemptLog} /> : null}
      {delivery.responseExcerpt ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-600">Response</summary>
          <pre className="mt-1 max-h-40 overflow-auto rounded-md bg-slate-50 p-2 whitespace-pre-wrap break-all text-slate-800">
            {delivery.responseExcerpt}
          </pre>
        </details>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          isLoading={resend.isPending}
          onClick={() => resend.mutate()}
          aria-label={`Resend ${eventLabel(delivery.eventType)} of ${formatDateTime(delivery.createdAt)}`}
        >
          <RotateCw aria-hidden="true" className="size-3.5" />
          Resend
        </Button>
        <span role="status" className="text-xs text-slate-600">
          {resend.isSuccess ? 'Queued: sending again now.' : resend.isError ? errorMessage(resend.error) : ''}
        </span>
      </div>
    </li>
  );
}

/** The endpoint's latest deliveries with each one's last answer, newest first, and Resend. */
export function WebhookDeliveryLog({ endpointId, id }: { endpointId: string; id: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const [isAll, setIsAll] = useState(false);
  if (deliveries.isPending) return <LoadingState label="Loading deliveries…" className="py-6" />;
  if (deliveries.isError)
    return (
      <ErrorState
        message={errorMessage(deliveries.error)}
        onRetry={() => void deliveries.refetch()}
        isRetrying={deliveries.isFetching}
        quiet
      />
    );
  const rows = deliveries.data.data;
  if (rows.length === 0)
    return (
      <p id={id} className="py-3 text-sm text-slate-500">
        Nothing sent yet. Events appear here as they are sent; “Send test” sends one now.
      </p>
    );
  const shown = isAll ? rows : rows.slice(0, 10);
  return (
    <div id={id}>
      <ul aria-label="Deliveries" className="divide-y divide-slate-100">
        {shown.map((delivery) => (
          <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
        ))}
      </ul>
      {rows.length > shown.length ? (
        <Button variant="link" size="sm" onClick={() => setIsAll(true)}>
          Show all {rows.length}
        </Button>
      ) : null}
    </div>
  );
}
