import { zodResolver } from '@hookform/resolvers/zod';
import { CreateEntitySchema, type CreateEntity } from '@leadbell/shared/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { createEntity } from '../api/create-entity.ts';

export function CreateEntityForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CreateEntity>({
    resolver: zodResolver(CreateEntitySchema),
    defaultValues: { name: '' },
  });
  const mutation = useMutation({
    mutationFn: async (values: CreateEntity) => {
      await createEntity(values);
      await refreshSession(queryClient);
    },
    onSuccess: () => void navigate('/onboarding/plan', { replace: true }),
    onError: async (error) => {
      // Someone (another tab) already created it: the session knows, and the guard moves on.
      if (error instanceof ApiError && error.code === 'entity_exists') await refreshSession(queryClient);
      applyServerFieldErrors(error, form.setError, ['name']);
    },
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {mutation.isError ? <Alert tone="error">{errorMessage(mutation.error, 'Failed to create Entity.')}</Alert> : null}
      <FormField
        label="Entity Name"
        error={errors.name?.message}
        hint="Your business or organisation, as your team knows it. You can have one entity per account."
      >
        {(control) => <Input {...control} autoComplete="organization" {...form.register('name')} />}
      </FormField>
      <Button type="submit" size="lg" isLoading={mutation.isPending} className="w-full">
        Create Entity
      </Button>
    </form>
  );
}
