import type { InvitationPreview } from '@leadbell/shared/team';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { refreshSession } from '../../../lib/auth.ts';
import { AuthLayout } from '../../auth/components/auth-layout.tsx';
import { SignInForm } from '../../auth/components/sign-in-form.tsx';
import { VerifyEmailForm } from '../../auth/components/verify-email-form.tsx';
import type { VerifyState } from '../../auth/verify-state.ts';
import { InvitedBy } from './invited-by.tsx';
import { JoinSignUpForm } from './join-sign-up-form.tsx';

type Step = { kind: 'sign-up' } | { kind: 'sign-in' } | { kind: 'verify'; state: VerifyState };

/**
 * Signed out: create the account with the invited address (the link verifies it, so it joins at
 * once), or sign in (an account not verified yet still verifies by code).
 */
export function JoinSignedOut({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'sign-up' });
  if (step.kind === 'verify') {
    return (
      <AuthLayout
        title="Verify your email"
        description={
          <>
            We sent a 6-digit code to{' '}
            <strong className="font-semibold break-all text-slate-900">{step.state.email}</strong>. Enter it to join{' '}
            {invitation.entityName}.
          </>
        }
      >
        {/* Verified and signed in: this page goes on to joining instead of onboarding. */}
        <VerifyEmailForm state={step.state} onVerified={() => undefined} />
      </AuthLayout>
    );
  }
  const isSignUp = step.kind === 'sign-up';
  return (
    <AuthLayout
      title={`Join ${invitation.entityName}`}
      description={<InvitedBy invitation={invitation} />}
      footer={
        <>
          {isSignUp ? 'Already have an account? ' : 'New to Leadbell? '}
          <Button
            variant="link"
            className="h-auto px-0 align-baseline text-sm font-semibold"
            onClick={() => setStep({ kind: isSignUp ? 'sign-in' : 'sign-up' })}
          >
            {isSignUp ? 'Sign in' : 'Create an account'}
          </Button>
        </>
      }
    >
      {isSignUp ? (
        <JoinSignUpForm token={token} invitation={invitation} onSignIn={() => setStep({ kind: 'sign-in' })} />
      ) : (
        <SignInForm
          invitedEmail={invitation.email}
          onSignedIn={() => void refreshSession(queryClient)}
          onNeedsVerification={(state) => setStep({ kind: 'verify', state })}
        />
      )}
    </AuthLayout>
  );
}
