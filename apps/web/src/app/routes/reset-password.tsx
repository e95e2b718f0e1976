import { Navigate, useLocation } from 'react-router';
import { AuthLayout, TextLink } from '../../features/auth/components/auth-layout.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form.tsx';
import { readVerifyState } from '../../features/auth/verify-state.ts';

export function ResetPasswordPage() {
  return (
    <AuthLayout
      title="Reset your password"
      description="Enter your account’s email and we’ll send you a code to set a new password."
      footer={
        <>
          Remembered it? <TextLink to="/sign-in">Back to sign in</TextLink>
        </>
      }
    >
      <ResetRequestForm />
    </AuthLayout>
  );
}

export function ResetPasswordVerifyPage() {
  const location = useLocation();
  const state = readVerifyState(location.state);
  if (!state) return <Navigate to="/reset-password" replace />;
  return (
    <AuthLayout
      title="Set a new password"
      description={
        <>
          We sent a code to <strong className="font-semibold break-all text-slate-900">{state.email}</strong>.
        </>
      }
      footer={
        <>
          <TextLink to="/sign-in">Back to sign in</TextLink>
        </>
      }
    >
      <ResetPasswordForm email={state.email} />
    </AuthLayout>
  );
}
