import { zodResolver } from '@hookform/resolvers/zod';
import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogForm, DialogFormActions } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { OriginLinesSchema, originLines, originsServerError } from '../allowed-origins.ts';
import { API_KEYS_QUERY_KEY } from '../api/get-api-keys.ts';
import { updateApiKey } from '../api/update-api-key.ts';
import { AllowedOriginsField } from './allowed-origins-field.tsx';

const EditAllowedOriginsSchema = z.object({ allowedOrigins: OriginLinesSchema });

type Target = { key: ApiKeySummary; name: string };

type EditAllowedOriginsDialogProps = {
  /** The key to edit with the name it is shown under; the dialog is open while it is set. */
  target: Target | null;
  onClose: () => void;
  onSaved: (name: string) => void;
};

export function EditAllowedOriginsDialog({ target, onClose, onSaved }: EditAllowedOriginsDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent
          title={`Allowed websites for ${target.name}`}
          description="Only browsers on these websites can send notifications with this key."
        >
          {/* Keyed by key, so each key's form starts from its own origins. */}
          <EditAllowedOriginsForm key={target.key.id} target={target} onSaved={onSaved} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EditAllowedOriginsForm({ target, onSaved }: { target: Target; onSaved: (name: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof EditAllowedOriginsSchema>, unknown, z.output<typeof EditAllowedOriginsSchema>>({
    resolver: zodResolver(EditAllowedOriginsSchema),
    defaultValues: { allowedOrigins: originLines(target.key.allowedOrigins) },
  });
  const mutation = useMutation({
    mutationFn: (values: z.output<typeof EditAllowedOriginsSchema>) => updateApiKey(target.key.id, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      onSaved(target.name);
    },
    onError: (error) => {
      const message = originsServerError(error);
      if (message) form.setError('allowedOrigins', { type: 'server', message }, { shouldFocus: true });
    },
  });
  const fieldError = form.formState.errors.allowedOrigins?.message;

  return (
    <DialogForm
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      error={mutation.isError && !fieldError ? errorMessage(mutation.error) : null}
    >
      <AllowedOriginsField label="Allowed websites" registration={form.register('allowedOrigins')} error={fieldError} />
      <DialogFormActions submitLabel="Save" isPending={mutation.isPending} />
    </DialogForm>
  );
}
