import { zodResolver } from '@hookform/resolvers/zod';
import { ConnectSlackSchema, SLACK_WEBHOOK_PREFIX } from '@leadbell/shared/slack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogForm, FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useFormDialog } from '../../../lib/use-form-dialog.ts';
import { connectSlack } from '../api/connect-slack.ts';
import { SLACK_INTEGRATION_QUERY_KEY } from '../api/get-slack-integration.ts';
import { EndpointDialogFooter } from '../../webhooks/components/endpoint-dialog-footer.tsx';

// The select's "Every flow" is an empty string; the API's is null.
const ConnectSlackFormSchema = ConnectSlackSchema.extend({
  flowId: z.string().transform((value) => value || null),
});
type ConnectSlackForm = z.input<typeof ConnectSlackFormSchema>;

/**
 * "Connect Slack" (or "Replace URL" when connected): the channel's incoming-webhook URL and
 * optionally one flow. Saving posts nothing: "Send test" does.
 */
export function ConnectSlackDialog({
  trigger,
  flowId,
  isReplacing,
}: {
  trigger: ReactNode;
  flowId: string | null;
  isReplacing: boolean;
}) {
  const empty: ConnectSlackForm = { url: '', flowId: flowId ?? '' };
  const form = useForm<ConnectSlackForm, unknown, z.output<typeof ConnectSlackFormSchema>>({
    resolver: zodResolver(ConnectSlackFormSchema),
    defaultValues: empty,
  });
  const { mutation, dialog } = useFormDialog({
    form,
    empty,
    send: connectSlack,
    invalidates: SLACK_INTEGRATION_QUERY_KEY,
    onError: (error) => applyServerFieldErrors(error, form.setError, ['url', 'flowId']),
  });

  const { errors } = form.formState;
  return (
    <FormDialog
      {...dialog}
      trigger={trigger}
      title={isReplacing ? 'Replace the Slack URL' : 'Connect Slack'}
      description="Leadbell posts each new lead to the channel, then who is on it and when it is done. Saving posts nothing: use “Send test” afterwards."
    >
      <DialogForm
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        error={mutation.isError && !errors.url && !errors.flowId ? errorMessage(mutation.error) : null}
      >
        <FormField
          label="Incoming-webhook URL"
          error={errors.url?.message}
          hint={
            <>
              In Slack, open <strong>Apps → Incoming Webhooks</strong> (or your Slack app’s “Incoming Webhooks” page),
              choose <strong>Add New Webhook</strong> and the channel, then copy the URL: it starts with{' '}
              <span className="[overflow-wrap:anywhere]">{SLACK_WEBHOOK_PREFIX}</span>. Keep it secret: Leadbell stores
              it sealed and never shows it again whole.
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={`${SLACK_WEBHOOK_PREFIX}T…/B…/…`}
              {...form.register('url')}
            />
          )}
        </FormField>
        <EndpointDialogFooter
          flowField={form.register('flowId')}
          flowError={errors.flowId?.message}
          submitLabel={isReplacing ? 'Save URL' : 'Connect'}
          isPending={mutation.isPending}
        />
      </DialogForm>
    </FormDialog>
  );
}
