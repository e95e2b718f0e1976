import { Navigate, useLocation } from 'react-router';
import { AuthLayout, TextLink } from '../../features/auth/components/auth-layout.tsx';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form.tsx';
import { readVerifyState } from '../../features/auth/verify-state.ts';

export function VerifyPage() {
  const location = useLocation();
  const state = readVerifyState(location.state);
  // Spec section 2: without the email from sign-up or sign-in there is nothing to verify.
  if (!state) return <Navigate to="/not-found" replace />;
  return (
    <AuthLayout
      title="Verify your email"
      description={
        <>
          We sent a 6-digit code to <strong className="font-semibold break-all text-slate-900">{state.email}</strong>.
          Enter it below to finish creating your account.
        </>
      }
      footer={
        <>
          Wrong email? <TextLink to="/sign-up">Sign up again</TextLink>
        </>
      }
    >
      <VerifyEmailForm state={state} />
    </AuthLayout>
  );
}
