import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpSchema, type SignUp } from '@leadbell/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { signUp } from '../api/sign-up.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import type { VerifyState } from '../verify-state.ts';
import { TextLink } from './auth-layout.tsx';
import { SignUpFields } from './sign-up-fields.tsx';

const FIELDS = ['name', 'email', 'password'] as const;

export function SignUpForm() {
  const navigate = useNavigate();
  const form = useForm<SignUp>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (_data, values) => {
      const state: VerifyState = { email: values.email, password: values.password, name: values.name };
      void navigate('/verify', { state });
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
  });
  const isUserExists = mutation.error instanceof ApiError && mutation.error.code === 'user_exists';

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {mutation.isError ? (
        <Alert tone="error">
          {authErrorMessage(mutation.error, 'sign-up')}
          {isUserExists ? (
            <>
              {' '}
              <TextLink to="/sign-in">Sign in</TextLink> instead, or use another email.
            </>
          ) : null}
        </Alert>
      ) : null}
      <SignUpFields form={form} isSubmitting={mutation.isPending} />
    </form>
  );
}
