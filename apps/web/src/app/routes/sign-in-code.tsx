import { Navigate, useLocation } from 'react-router';
import { AuthLayout, TextLink } from '../../features/auth/components/auth-layout.tsx';
import { SignInCodeForm } from '../../features/auth/components/sign-in-code-form.tsx';
import { readVerifyState } from '../../features/auth/verify-state.ts';

/** Signing in with an emailed code, reached from a locked account's "Email me a sign-in code". */
export function SignInCodePage() {
  const location = useLocation();
  const state = readVerifyState(location.state);
  if (!state) return <Navigate to="/sign-in" replace />;
  return (
    <AuthLayout
      title="Sign in with a code"
      description={
        <>
          We sent a 6-digit code to <strong className="font-semibold break-all text-slate-900">{state.email}</strong>.
          Enter it below to sign in.
        </>
      }
      footer={
        <>
          <TextLink to="/sign-in">Back to sign in</TextLink>
        </>
      }
    >
      <SignInCodeForm email={state.email} />
    </AuthLayout>
  );
}
