import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateWebhookEndpointSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointWithSecret,
} from '@leadbell/shared/webhooks';
import { Plus } from 'lucide-react';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { DialogForm, FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useFormDialog } from '../../../lib/use-form-dialog.ts';
import { createWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from '../api/get-webhook-endpoints.ts';
import { EndpointDialogFooter } from './endpoint-dialog-footer.tsx';

// The select's "Every flow" is an empty string; the API's is null.
const AddEndpointFormSchema = CreateWebhookEndpointSchema.extend({
  flowId: z.string().transform((value) => value || null),
});
type AddEndpointForm = z.input<typeof AddEndpointFormSchema>;

const FIELD_ORDER = ['url', 'description', 'events', 'flowId'] as const;

const EMPTY: AddEndpointForm = { url: '', description: '', events: ['lead.created'], flowId: '' };

/** "Add endpoint": the URL, a description, the events and optionally one flow. Never contacts the URL. */
export function AddWebhookEndpointDialog({ onAdded }: { onAdded: (endpoint: WebhookEndpointWithSecret) => void }) {
  // Once added, focus goes to the new secret (WebhookSecretPanel), not back to "Add endpoint".
  const isAdded = useRef(false);
  const eventsHintId = useId();
  const form = useForm<AddEndpointForm, unknown, z.output<typeof AddEndpointFormSchema>>({
    resolver: zodResolver(AddEndpointFormSchema),
    defaultValues: EMPTY,
    // Focus goes to the first invalid field in the form's order (below), not in the order the
    // schema reports them.
    shouldFocusError: false,
  });
  const { mutation, dialog } = useFormDialog({
    form,
    send: createWebhookEndpoint,
    invalidates: WEBHOOK_ENDPOINTS_QUERY_KEY,
    onDone: (endpoint) => {
      isAdded.current = true;
      onAdded(endpoint);
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['url', 'description', 'events', 'flowId']),
    onOpen: () => {
      isAdded.current = false;
    },
  });

  const { errors } = form.formState;
  const hasFieldError = Boolean(errors.url ?? errors.description ?? errors.events ?? errors.flowId);
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button>
          <Plus aria-hidden="true" className="size-4" />
          Add endpoint
        </Button>
      }
      title="Add a webhook endpoint"
      onCloseAutoFocus={(event) => {
        if (isAdded.current) event.preventDefault();
      }}
      description="Leadbell POSTs each chosen event to this address as signed JSON. Adding it sends nothing: use “Send test” afterwards."
    >
      <DialogForm
        onSubmit={form.handleSubmit(
          (values) => mutation.mutate(values),
          (invalid) => {
            const first = FIELD_ORDER.find((name) => invalid[name]);
            if (first) form.setFocus(first);
          },
        )}
        error={mutation.isError && !hasFieldError ? errorMessage(mutation.error) : null}
      >
        <FormField label="Endpoint URL" error={errors.url?.message} hint="An https address on the public internet.">
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://example.com/webhooks/leadbell"
              {...form.register('url')}
            />
          )}
        </FormField>
        <FormField label="Description (optional)" error={errors.description?.message} hint="For example “CRM”.">
          {(control) => <Input {...control} autoComplete="off" {...form.register('description')} />}
        </FormField>
        <fieldset className="grid gap-2" aria-describedby={errors.events ? eventsHintId : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-900">Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 text-sm"
            >
              <input
                type="checkbox"
                value={type}
                className="size-4 accent-brand-600"
                aria-invalid={errors.events ? true : undefined}
                {...form.register('events')}
              />
              <span className="text-slate-900">{WEBHOOK_EVENT_LABELS[type]}</span>
              <code className="ml-auto text-xs text-slate-500">{type}</code>
            </label>
          ))}
          {errors.events ? (
            <p id={eventsHintId} className="text-sm text-red-700">
              {errors.events.message ?? errors.events.root?.message}
            </p>
          ) : null}
        </fieldset>
        <EndpointDialogFooter
          flowField={form.register('flowId')}
          flowError={errors.flowId?.message}
          submitLabel="Add endpoint"
          isPending={mutation.isPending}
        />
      </DialogForm>
    </FormDialog>
  );
}
