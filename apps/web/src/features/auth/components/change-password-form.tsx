import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordSchema, type ChangePassword } from '@leadbell/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { changePassword } from '../api/change-password.ts';
import { authErrorMessage } from '../auth-error-message.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };
const PASSWORD_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

export function ChangePasswordForm() {
  const form = useForm<ChangePassword>({ resolver: zodResolver(ChangePasswordSchema), defaultValues: EMPTY });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => form.reset(EMPTY),
    onError: (error) => {
      // The spec only logged this failure; here it is shown, and a wrong current password is
      // pinned to its field.
      if (error instanceof ApiError && error.code === 'invalid_credentials') {
        form.setError(
          'currentPassword',
          { type: 'server', message: authErrorMessage(error, 'change-password') },
          { shouldFocus: true },
        );
        return;
      }
      applyServerFieldErrors(error, form.setError, FIELDS);
    },
  });
  const { errors } = form.formState;
  const isFieldError = mutation.error instanceof ApiError && mutation.error.code === 'invalid_credentials';

  return (
    <form
      noValidate
      aria-labelledby="change-password-heading"
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      className="grid gap-5"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
        Change your Password
      </h2>
      {mutation.isSuccess ? <Alert tone="success">Your password was successfully changed</Alert> : null}
      {mutation.isError && !isFieldError ? (
        <Alert tone="error">{authErrorMessage(mutation.error, 'change-password')}</Alert>
      ) : null}
      <FormField label="Current Password" error={errors.currentPassword?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        )}
      </FormField>
      <FormField label="New Password" error={errors.newPassword?.message} hint={PASSWORD_HINT}>
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />
        )}
      </FormField>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        )}
      </FormField>
      <p className="text-sm text-slate-500">Changing your password signs you out on every other device.</p>
      <div className="flex justify-end">
        <Button type="submit" isLoading={mutation.isPending} className="w-full sm:w-auto sm:min-w-40">
          Change Password
        </Button>
      </div>
    </form>
  );
}
