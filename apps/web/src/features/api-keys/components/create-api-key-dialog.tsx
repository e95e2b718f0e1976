import { zodResolver } from '@hookform/resolvers/zod';
import { CreateApiKeySchema, type ApiKeySummary, type CreateApiKey } from '@leadbell/shared/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { createApiKey } from '../api/create-api-key.ts';
import { API_KEYS_QUERY_KEY } from '../api/get-api-keys.ts';

const EMPTY: CreateApiKey = { label: '' };

/** "Create key": a dialog asking for an optional label. */
export function CreateApiKeyDialog({ onCreated }: { onCreated: (key: ApiKeySummary) => void }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<CreateApiKey>({ resolver: zodResolver(CreateApiKeySchema), defaultValues: EMPTY });
  const mutation = useMutation({
    mutationFn: createApiKey,
    onSuccess: async (key) => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      setIsOpen(false);
      onCreated(key);
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['label']),
  });

  function handleOpenChange(open: boolean) {
    if (mutation.isPending) return;
    if (open) {
      form.reset(EMPTY);
      mutation.reset();
    }
    setIsOpen(open);
  }

  const { errors } = form.formState;
  const hasFieldError = Boolean(errors.label);
  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" className="size-4" />
          Create key
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Create an API key"
        description="Give each website or app its own key, so you can revoke one without touching the others."
      >
        <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
          {mutation.isError && !hasFieldError ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
          <FormField label="Label (optional)" error={errors.label?.message} hint="For example “Main website”.">
            {(control) => <Input {...control} autoComplete="off" {...form.register('label')} />}
          </FormField>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={mutation.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" isLoading={mutation.isPending}>
              Create key
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
