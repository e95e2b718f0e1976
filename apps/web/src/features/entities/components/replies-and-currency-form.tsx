import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateEntitySchema, type Entity } from '@leadbell/shared/entities';
import { EMAIL_MESSAGE, EmailSchema } from '@leadbell/shared/fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { updateEntity } from '../api/update-entity.ts';
import { useCurrencyOptions } from './entity-setting-select.tsx';

// Empty fields mean "not set": the owner's email, US dollars.
const FormSchema = z.object({
  replyToEmail: z
    .string()
    .refine((value) => value.trim() === '' || EmailSchema.safeParse(value).success, EMAIL_MESSAGE),
  currency: z.string(),
});
type FormValues = z.infer<typeof FormSchema>;
const FIELDS = ['replyToEmail', 'currency'] as const;

/**
 * Where visitors' answers to acknowledgements go, and the currency won leads are worth
 * (decision 047); admins only.
 */
export function RepliesAndCurrencyForm({ entity }: { entity: Entity }) {
  const queryClient = useQueryClient();
  const options = useCurrencyOptions();
  const [isSaved, setIsSaved] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { replyToEmail: entity.replyToEmail ?? '', currency: entity.currency ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: FormValues) =>
      updateEntity(
        entity.id,
        UpdateEntitySchema.parse({
          replyToEmail: values.replyToEmail.trim() || null,
          currency: values.currency || null,
        }),
      ),
    onSuccess: async (updated) => {
      form.reset({ replyToEmail: updated.replyToEmail ?? '', currency: updated.currency ?? '' });
      setIsSaved(true);
      await refreshSession(queryClient);
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
  });
  const hasFieldErrors = Boolean(errors.replyToEmail || errors.currency);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setIsSaved(false);
        mutation.mutate(values);
      })}
      className="grid gap-5"
    >
      <FormField
        label="Reply address"
        error={errors.replyToEmail?.message}
        hint="When a visitor answers the acknowledgement your flows send, the reply goes here. Empty: the owner’s email."
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="office@example.com"
            className="max-w-sm"
            {...form.register('replyToEmail')}
          />
        )}
      </FormField>
      <FormField label="Currency" error={errors.currency?.message} hint="What a won lead’s value is counted in.">
        {(control) => (
          <Select {...control} className="max-w-sm" {...form.register('currency')}>
            <option value="">US Dollar (USD), the default</option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {mutation.isError && !hasFieldErrors ? (
        <Alert tone="error">{errorMessage(mutation.error, 'Failed to save.')}</Alert>
      ) : null}
      {isSaved && !isDirty ? <Alert tone="success">Saved.</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" isLoading={mutation.isPending} className="sm:min-w-32">
          Save replies and currency
        </Button>
      </div>
    </form>
  );
}
