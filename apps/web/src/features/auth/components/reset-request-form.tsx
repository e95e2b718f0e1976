import { zodResolver } from '@hookform/resolvers/zod';
import { ResetRequestSchema, type ResetRequest } from '@leadbell/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import { EmailField } from './email-field.tsx';

export function ResetRequestForm() {
  const navigate = useNavigate();
  const form = useForm<ResetRequest>({ resolver: zodResolver(ResetRequestSchema), defaultValues: { email: '' } });
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_data, values) => void navigate('/reset-password/verify', { state: { email: values.email } }),
    onError: (error) => applyServerFieldErrors(error, form.setError, ['email']),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {mutation.isError ? <Alert tone="error">{authErrorMessage(mutation.error, 'reset-request')}</Alert> : null}
      <EmailField error={errors.email?.message} registration={form.register('email')} />
      <Button type="submit" size="lg" isLoading={mutation.isPending} className="w-full">
        Send Code
      </Button>
    </form>
  );
}
