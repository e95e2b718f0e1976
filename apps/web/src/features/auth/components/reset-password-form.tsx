import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordSchema, type ResetPassword } from '@leadbell/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { resetPassword } from '../api/reset-password.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import { TextLink } from './auth-layout.tsx';

const FIELDS = ['otp', 'password', 'confirmPassword'] as const;
const KNOWN_CODES = new Set(['invalid_code', 'code_expired', 'too_many_attempts', 'rate_limited', 'validation_error']);

export function ResetPasswordForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<ResetPassword>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { email, otp: '', password: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () =>
      void navigate('/sign-in', {
        replace: true,
        state: { message: 'Your password has been reset. You can now sign in with your new password.' },
      }),
    onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
  });
  const { errors } = form.formState;
  const errorCode = mutation.error instanceof ApiError ? mutation.error.code : null;
  const isGeneric = mutation.isError && !(errorCode && KNOWN_CODES.has(errorCode));
  // The code is used up: only a new one helps.
  const needsNewCode = errorCode === 'code_expired' || errorCode === 'too_many_attempts';

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {mutation.isError ? (
        <Alert tone="error">
          {authErrorMessage(mutation.error, 'reset-password')}
          {isGeneric || needsNewCode ? (
            <>
              {' '}
              <TextLink to="/reset-password">{needsNewCode ? 'Request a new code' : 'Try again'}</TextLink>
            </>
          ) : null}
        </Alert>
      ) : null}
      <FormField label="Email">
        {(control) => <Input {...control} type="email" value={email} disabled readOnly />}
      </FormField>
      <FormField label="Code" error={errors.otp?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="font-mono tracking-[0.3em]"
            {...form.register('otp')}
          />
        )}
      </FormField>
      <FormField
        label="New Password"
        error={errors.password?.message}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
      >
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        )}
      </FormField>
      <Button type="submit" size="lg" isLoading={mutation.isPending} className="w-full">
        Reset Password
      </Button>
    </form>
  );
}
