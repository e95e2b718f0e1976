import type { FlowHookState } from '@leadbell/shared/flows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, Power, RefreshCw, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useRowCopy } from '../../../lib/use-row-copy.ts';
import { createFlowHook } from '../api/create-flow-hook.ts';
import { deleteFlowHook } from '../api/delete-flow-hook.ts';
import { flowHookQueryKey, useFlowHook } from '../api/get-flow-hook.ts';
import { CodeBlock } from './code-block.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

const SERVICES: [name: string, how: string][] = [
  ['Webflow', 'Site settings › Apps & integrations › Webhooks: add a webhook with the trigger “Form submission”.'],
  ['Typeform', 'Connect › Webhooks › Add a webhook, then turn it on.'],
  ['Zapier', 'Add the action “Webhooks by Zapier” › POST, and send the fields you want as data.'],
  ['Make', 'Add the module HTTP › Make a request, method POST, body type JSON.'],
];

/**
 * The flow's inbound webhook address, for services that cannot send an API key header. The token
 * in the address is the secret, so it can be replaced or turned off.
 */
export function WebhookPanel({ flowId }: { flowId: string }) {
  const queryClient = useQueryClient();
  const hook = useFlowHook(flowId);
  const { copiedId, copyFailed, copy } = useRowCopy();
  const [confirm, setConfirm] = useState<'replace' | 'off' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryKey = flowHookQueryKey(flowId);

  const create = useMutation({
    mutationFn: () => createFlowHook(flowId),
    onSuccess: (created) => {
      queryClient.setQueryData<FlowHookState>(queryKey, { hook: created });
      setNotice(
        confirm === 'replace' ? 'New address created. The old one no longer works.' : 'Webhook address created.',
      );
      setConfirm(null);
    },
  });
  const turnOff = useMutation({
    mutationFn: () => deleteFlowHook(flowId),
    onSuccess: () => {
      queryClient.setQueryData<FlowHookState>(queryKey, { hook: null });
      setNotice('Webhook address turned off. Requests to it are refused.');
      setConfirm(null);
    },
  });

  if (hook.isPending) return <LoadingState label="Loading the webhook address…" className="py-8" />;
  if (hook.isError) {
    return (
      <ErrorState
        message={errorMessage(hook.error, 'Failed to load the webhook address.')}
        onRetry={() => void hook.refetch()}
        isRetrying={hook.isFetching}
        quiet
      />
    );
  }

  const current = hook.data.hook;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">
        For services that post a form’s fields to a web address but cannot add an API key: Webflow, Typeform, Zapier,
        Make. Any JSON or form body works; nested fields are flattened into the lead’s data.
      </p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {copyFailed ? <Alert tone="error">Something went wrong, please try again.</Alert> : null}
      {current ? (
        <>
          <CodeBlock
            label="Webhook address"
            code={current.url}
            wrap
            isCopied={copiedId === 'hook'}
            onCopy={() => void copy('hook', () => current.url)}
          />
          <p className="text-xs text-slate-500">
            Created <time dateTime={current.createdAt}>{formatDateTime(current.createdAt)}</time> ·{' '}
            {current.lastUsedAt ? (
              <>
                last used <RelativeTime at={current.lastUsedAt} />
              </>
            ) : (
              'not used yet'
            )}
          </p>
          <p className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span>
              <strong className="font-semibold text-slate-900">Keep this address private</strong>: anyone who has it can
              send leads to this flow. Replace it if it leaks.
            </span>
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" onClick={() => setConfirm('replace')}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Replace address
            </Button>
            <Button variant="ghost" onClick={() => setConfirm('off')}>
              <Power aria-hidden="true" className="size-4" />
              Turn off
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button
            onClick={() => {
              setNotice(null);
              create.mutate();
            }}
            isLoading={create.isPending}
            className="w-full sm:w-auto"
          >
            {create.isPending ? null : <Webhook aria-hidden="true" className="size-4" />}
            Create a webhook address
          </Button>
        </div>
      )}
      {create.isError && confirm === null ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Where to paste it</h3>
        <dl className="mt-2 grid gap-2 text-sm">
          {SERVICES.map(([name, how]) => (
            <div key={name} className="grid gap-0.5 sm:grid-cols-[6rem_1fr] sm:gap-3">
              <dt className="font-medium text-slate-800">{name}</dt>
              <dd className="text-slate-600">{how}</dd>
            </div>
          ))}
        </dl>
      </div>
      <ConfirmDialog
        open={confirm === 'replace'}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title="Replace the webhook address?"
        description="The current address stops working at once. Paste the new one into every service that uses it."
        confirmLabel="Replace address"
        onConfirm={() => create.mutate()}
        isPending={create.isPending}
        error={create.isError ? errorMessage(create.error) : null}
      />
      <ConfirmDialog
        open={confirm === 'off'}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title="Turn the webhook address off?"
        description="Services that post to it get an error, and their leads no longer reach you. You can create a new address later."
        confirmLabel="Turn off"
        onConfirm={() => turnOff.mutate()}
        isPending={turnOff.isPending}
        error={turnOff.isError ? errorMessage(turnOff.error) : null}
      />
    </div>
  );
}
