import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@leadbell/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { cn } from '../../../lib/cn.ts';
import { deleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { webhookDeliveriesQueryKey } from '../api/get-webhook-deliveries.ts';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from '../api/get-webhook-endpoints.ts';
import { rotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { sendWebhookTest } from '../api/send-webhook-test.ts';
import { updateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import { EndpointActions, type TestOutcome } from './endpoint-actions.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

function testOutcome(delivery: WebhookDelivery): TestOutcome {
  const took = delivery.lastDurationMs !== null ? ` in ${delivery.lastDurationMs} ms` : '';
  if (delivery.status === 'delivered')
    return { tone: 'success', text: `Test event delivered: HTTP ${delivery.lastStatusCode}${took}.` };
  const answer = delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}${took}` : 'no answer';
  return { tone: 'error', text: `Test event not accepted (${answer}). ${delivery.lastError ?? ''}`.trim() };
}

/** One endpoint: what it receives, whether it is on, and its actions and delivery log. */
export function WebhookEndpointCard({
  endpoint,
  flowName,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  flowName: string | null;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const queryClient = useQueryClient();
  const switchId = useId();
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const refreshEndpoints = () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY });
  const refreshLog = () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(endpoint.id) });

  const test = useMutation({
    mutationFn: () => sendWebhookTest(endpoint.id),
    onSuccess: async () => {
      await refreshLog();
      await refreshEndpoints();
    },
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateWebhookEndpoint(endpoint.id, { enabled }),
    onSuccess: refreshEndpoints,
  });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(endpoint.id),
    onSuccess: async (rotated) => {
      setConfirm(null);
      await refreshEndpoints();
      onSecret(rotated);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhookEndpoint(endpoint.id),
    onSuccess: async () => {
      setConfirm(null);
      await refreshEndpoints();
    },
  });

  const name = endpoint.description || endpoint.url;
  return (
    <Card className={cn('grid min-w-0 gap-3 p-4', !endpoint.enabled && 'bg-slate-50')}>
      <div className="min-w-0">
        {endpoint.description ? <h3 className="font-semibold text-slate-900">{endpoint.description}</h3> : null}
        <p
          className={cn('text-sm break-all', endpoint.description ? 'text-slate-600' : 'font-semibold text-slate-900')}
        >
          {endpoint.url}
        </p>
      </div>
      <div className="flex flex-col items-start gap-x-3 gap-y-2 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 flex-wrap gap-1.5">
          {endpoint.enabled ? null : <Badge tone="warning">Off</Badge>}
          {endpoint.events.map((type) => (
            <Badge key={type} tone="brand">
              {WEBHOOK_EVENT_LABELS[type]}
            </Badge>
          ))}
          <Badge>{flowName ? `Flow: ${flowName}` : 'Every flow'}</Badge>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Label htmlFor={switchId} className="text-sm text-slate-600">
            Send events<span className="sr-only"> to {name}</span>
          </Label>
          <Switch
            id={switchId}
            checked={endpoint.enabled}
            disabled={toggle.isPending}
            onCheckedChange={(enabled) => toggle.mutate(enabled)}
          />
        </div>
      </div>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <Alert tone="error">
          Leadbell turned this endpoint off
          {endpoint.disabledAt ? (
            <>
              {' '}
              <RelativeTime at={endpoint.disabledAt} />
            </>
          ) : null}
          : {endpoint.disabledReason} Turn it on again once it answers; “Send test” checks it first.
        </Alert>
      ) : null}
      {toggle.isError ? <Alert tone="error">{errorMessage(toggle.error)}</Alert> : null}
      <p className="text-xs text-slate-500">
        {endpoint.lastSuccessAt ? (
          <>
            Last accepted an event <RelativeTime at={endpoint.lastSuccessAt} />.
          </>
        ) : (
          'No event accepted yet.'
        )}
        {endpoint.previousSecretExpiresAt
          ? ` The previous secret also signs until ${formatDateTime(endpoint.previousSecretExpiresAt)}.`
          : ''}
      </p>
      <EndpointActions
        endpointId={endpoint.id}
        isTesting={test.isPending}
        onTest={() => test.mutate()}
        testOutcome={test.data ? testOutcome(test.data) : null}
        testError={test.isError ? errorMessage(test.error) : null}
      >
        <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
          <KeyRound aria-hidden="true" className="size-3.5" />
          Rotate secret
        </Button>
        <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setConfirm('delete')}>
          <Trash2 aria-hidden="true" className="size-3.5" />
          Delete
        </Button>
      </EndpointActions>
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title="Delete this endpoint?"
        description={
          <>
            Nothing more is sent to <span className="break-all">{endpoint.url}</span>, and its delivery log is deleted.
          </>
        }
        confirmLabel="Delete endpoint"
        onConfirm={() => remove.mutate()}
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title="Rotate the signing secret?"
        description="You get a new secret, shown once. For 24 hours events carry signatures with both the old and the new one, so your receiver can switch without missing any."
        confirmLabel="Rotate secret"
        onConfirm={() => rotate.mutate()}
        isPending={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
      />
    </Card>
  );
}
