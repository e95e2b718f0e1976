import { zodResolver } from '@hookform/resolvers/zod';
import { CreateApiKeySchema, type ApiKeySummary } from '@leadbell/shared/api-keys';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { DialogForm, DialogFormActions, FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useFormDialog } from '../../../lib/use-form-dialog.ts';
import { OriginLinesSchema, originsServerError } from '../allowed-origins.ts';
import { createApiKey } from '../api/create-api-key.ts';
import { API_KEYS_QUERY_KEY } from '../api/get-api-keys.ts';
import { AllowedOriginsField } from './allowed-origins-field.tsx';

const CreateApiKeyFormSchema = CreateApiKeySchema.extend({ allowedOrigins: OriginLinesSchema });
type CreateApiKeyForm = z.input<typeof CreateApiKeyFormSchema>;

const EMPTY: CreateApiKeyForm = { label: '', allowedOrigins: '' };

/** "Create key": a dialog asking for an optional label and the websites allowed to use the key. */
export function CreateApiKeyDialog({ onCreated }: { onCreated: (key: ApiKeySummary) => void }) {
  const form = useForm<CreateApiKeyForm, unknown, z.output<typeof CreateApiKeyFormSchema>>({
    resolver: zodResolver(CreateApiKeyFormSchema),
    defaultValues: EMPTY,
  });
  const { mutation, dialog } = useFormDialog({
    form,
    send: createApiKey,
    invalidates: API_KEYS_QUERY_KEY,
    onDone: onCreated,
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['label'])) return;
      const originsError = originsServerError(error);
      if (originsError)
        form.setError('allowedOrigins', { type: 'server', message: originsError }, { shouldFocus: true });
    },
  });

  const { errors } = form.formState;
  const hasFieldError = Boolean(errors.label ?? errors.allowedOrigins);
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button>
          <Plus aria-hidden="true" className="size-4" />
          Create key
        </Button>
      }
      title="Create an API key"
      description="Give each website or app its own key, so you can revoke one without touching the others."
    >
      <DialogForm
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        error={mutation.isError && !hasFieldError ? errorMessage(mutation.error) : null}
      >
        <FormField label="Label (optional)" error={errors.label?.message} hint="For example “Main website”.">
          {(control) => <Input {...control} autoComplete="off" {...form.register('label')} />}
        </FormField>
        <AllowedOriginsField
          label="Allowed websites (optional)"
          registration={form.register('allowedOrigins')}
          error={errors.allowedOrigins?.message}
        />
        <DialogFormActions submitLabel="Create key" isPending={mutation.isPending} />
      </DialogForm>
    </FormDialog>
  );
}
