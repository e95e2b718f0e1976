import type { Me } from '@leadbell/shared/session';
import { ROLE_LABELS, type InvitationPreview } from '@leadbell/shared/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/state.tsx';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form.tsx';
import type { VerifyState } from '../../features/auth/verify-state.ts';
import { acceptInvitation } from '../../features/team/api/accept-invitation.ts';
import { invitationQueryKey, useInvitation } from '../../features/team/api/get-invitation.ts';
import { unavailableWording, type UnavailableKind } from '../../features/team/components/unavailable-wording.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { clearSession, refreshSession, useSession } from '../../lib/auth.ts';

type Step = { kind: 'sign-up' } | { kind: 'sign-in' } | { kind: 'verify'; state: VerifyState };

function InvitedBy({ invitation }: { invitation: InvitationPreview }) {
  const role = ROLE_LABELS[invitation.role];
  return (
    <>
      {invitation.invitedBy ? (
        <strong className="font-semibold text-slate-900">{invitation.invitedBy}</strong>
      ) : (
        'You were'
      )}{' '}
      {invitation.invitedBy ? 'invited you' : 'invited'} to join{' '}
      <strong className="font-semibold text-slate-900">{invitation.entityName}</strong> on Leadbell as{' '}
      {role === 'Admin' ? 'an Admin' : 'a Member'}: your phone rings for its leads too.
    </>
  );
}

function LinkButton({ to, children, variant }: { to: string; children: string; variant?: 'secondary' }) {
  return (
    <Button asChild size="lg" variant={variant} className="w-full">
      <Link to={to}>{children}</Link>
    </Button>
  );
}

/** Signed out: create the account with the invited address (verified by code), or sign in. */
function JoinSignedOut({ invitation }: { invitation: InvitationPreview }) {
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
        <SignUpForm invitedEmail={invitation.email} onSignedUp={(state) => setStep({ kind: 'verify', state })} />
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

/** Signed in: join, or say plainly why this account cannot. */
function JoinSignedIn({
  token,
  invitation,
  me,
  shouldJoinAtOnce,
}: {
  token: string;
  invitation: InvitationPreview;
  me: Me;
  shouldJoinAtOnce: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async () => {
      await refreshSession(queryClient);
      await navigate('/flows', { replace: true, state: { message: `Welcome to ${invitation.entityName}!` } });
    },
    onError: (error) => {
      // Expired or withdrawn meanwhile: the page shows that state from a fresh read.
      if (error instanceof ApiError && error.code === 'invitation_unavailable')
        void queryClient.invalidateQueries({ queryKey: invitationQueryKey(token) });
    },
  });
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => clearSession(queryClient),
  });
  const isOtherAddress = me.user.email.toLowerCase() !== invitation.email.toLowerCase();
  const otherEntity = me.entity;
  const canJoin = !isOtherAddress && !otherEntity;
  const hasStarted = useRef(false);
  useEffect(() => {
    // Just signed up or signed in for this invitation: joining is what they came for.
    if (!shouldJoinAtOnce || !canJoin || hasStarted.current) return;
    hasStarted.current = true;
    join.mutate();
  }, [shouldJoinAtOnce, canJoin, join]);

  if (otherEntity) {
    return (
      <AuthLayout title="You already belong to another business" description={<InvitedBy invitation={invitation} />}>
        <div className="grid gap-4">
          <Alert tone="info">
            Your account belongs to <strong className="font-semibold">{otherEntity.name}</strong>, and an account
            belongs to one business: nothing was changed. To join {invitation.entityName}, leave {otherEntity.name}{' '}
            first (Account page) and open this link again, or ask for an invitation to another email address.
          </Alert>
          <LinkButton to="/flows">{`Go to ${otherEntity.name}`}</LinkButton>
        </div>
      </AuthLayout>
    );
  }
  if (isOtherAddress) {
    return (
      <AuthLayout title={`Join ${invitation.entityName}`} description={<InvitedBy invitation={invitation} />}>
        <div className="grid gap-4">
          <Alert tone="info">
            This invitation is for <strong className="font-semibold break-all">{invitation.email}</strong>. You are
            signed in as <strong className="font-semibold break-all">{me.user.email}</strong>: sign out, then open the
            link again to join with the invited address.
          </Alert>
          {leave.isError ? <Alert tone="error">{errorMessage(leave.error)}</Alert> : null}
          <Button size="lg" className="w-full" onClick={() => leave.mutate()} isLoading={leave.isPending}>
            Sign out
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={`Join ${invitation.entityName}`} description={<InvitedBy invitation={invitation} />}>
      <div className="grid gap-4">
        {join.isError ? <Alert tone="error">{errorMessage(join.error)}</Alert> : null}
        <p className="text-sm text-slate-600">
          Signed in as <strong className="font-semibold break-all text-slate-900">{me.user.email}</strong>.
        </p>
        <Button size="lg" className="w-full" onClick={() => join.mutate()} isLoading={join.isPending || join.isSuccess}>
          Join {invitation.entityName}
        </Button>
      </div>
    </AuthLayout>
  );
}

/** `/invite/:token`: the emailed link. Who invites whom, then sign up or sign in and join. */
export function InvitePage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const session = useSession();
  // A visitor who arrived signed out and signed up or in here joins without another click.
  const [arrivedSignedOut, setArrivedSignedOut] = useState<boolean | null>(null);
  if (arrivedSignedOut === null && session.status !== 'unknown') setArrivedSignedOut(session.status === 'anonymous');

  if (invitation.isPending || session.status === 'unknown') return <LoadingScreen />;
  const isInvalid = invitation.isError && invitation.error instanceof ApiError && invitation.error.status === 404;
  if (invitation.isError && !isInvalid) {
    return (
      <AuthLayout title="Join a team on Leadbell">
        <ErrorState
          message={errorMessage(invitation.error, 'Failed to load the invitation.')}
          onRetry={() => void invitation.refetch()}
          isRetrying={invitation.isFetching}
        />
      </AuthLayout>
    );
  }
  const preview = invitation.data ?? null;
  if (!preview || preview.status !== 'pending') {
    const kind: UnavailableKind = preview ? (preview.status as UnavailableKind) : 'invalid';
    const { title, body } = unavailableWording(kind, preview);
    const isSignedIn = session.status === 'signed-in';
    return (
      <AuthLayout title={title} description={body}>
        {isSignedIn ? (
          <LinkButton to="/flows">Go to your console</LinkButton>
        ) : (
          <div className="grid gap-3">
            <LinkButton to="/sign-in">Sign in</LinkButton>
            <LinkButton to="/" variant="secondary">
              About Leadbell
            </LinkButton>
          </div>
        )}
      </AuthLayout>
    );
  }
  if (session.status === 'anonymous') {
    return <JoinSignedOut invitation={preview} />;
  }
  return (
    <JoinSignedIn token={token} invitation={preview} me={session.me} shouldJoinAtOnce={arrivedSignedOut === true} />
  );
}
