import type { WebhookEndpointWithSecret } from '@leadbell/shared/webhooks';
import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlows } from '../../flows/api/get-flows.ts';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints.ts';
import { AddWebhookEndpointDialog } from './add-webhook-endpoint-dialog.tsx';
import { WebhookEndpointCard } from './webhook-endpoint-card.tsx';
import { WebhookSecretPanel } from './webhook-secret-panel.tsx';

/** Outgoing webhooks on the Channels page (admins): the endpoints, adding one, and a new secret once. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const flows = useFlows();
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpointWithSecret; isRotation: boolean } | null>(null);
  const flowNames = new Map(flows.data?.data.map((flow) => [flow.flowId, flow.name]));

  return (
    <SectionCard
      title="Webhooks"
      description={
        <>
          Send each lead to your CRM, a spreadsheet or your own code as signed JSON (Standard Webhooks). Failed
          deliveries are retried for about a day.{' '}
          <a href="/docs/api" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Payloads and verification
          </a>
        </>
      }
    >
      <div>
        <AddWebhookEndpointDialog onAdded={(endpoint) => setSecret({ endpoint, isRotation: false })} />
      </div>
      {secret ? (
        <WebhookSecretPanel
          key={secret.endpoint.secret}
          secret={secret.endpoint.secret}
          url={secret.endpoint.url}
          isRotation={secret.isRotation}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {endpoints.isPending ? (
        <LoadingState label="Loading webhook endpoints…" className="py-8" />
      ) : endpoints.isError ? (
        <ErrorState
          message={errorMessage(endpoints.error)}
          onRetry={() => void endpoints.refetch()}
          isRetrying={endpoints.isFetching}
          quiet
        />
      ) : endpoints.data.data.length === 0 ? (
        <EmptyState icon={<Webhook />} title="No webhook endpoints yet">
          Add an endpoint to receive new leads, claims, outcomes and more wherever you work.
        </EmptyState>
      ) : (
        <ul aria-label="Webhook endpoints" className="grid gap-3">
          {endpoints.data.data.map((endpoint) => (
            <li key={endpoint.id} className="min-w-0">
              <WebhookEndpointCard
                endpoint={endpoint}
                flowName={endpoint.flowId ? (flowNames.get(endpoint.flowId) ?? 'A deleted flow') : null}
                onSecret={(rotated) => setSecret({ endpoint: rotated, isRotation: true })}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
