import type { Me } from '@leadbell/shared/session';
import type { InvitationPreview } from '@leadbell/shared/team';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { AuthLayout } from '../../auth/components/auth-layout.tsx';
import { useSignOut } from '../../auth/hooks/use-sign-out.ts';
import { useJoinTeam } from '../hooks/use-join-team.ts';
import { InvitedBy } from './invited-by.tsx';
import { LinkButton } from './link-button.tsx';
import { HOME_PATH } from '../../../lib/redirects.ts';

/** Signed in: join, or say plainly why this account cannot. */
export function JoinSignedIn({
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
  const join = useJoinTeam(token, invitation.entityName);
  // Signed out, this page offers to sign up or in with the invited address.
  const leave = useSignOut({ stay: true });
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
          <LinkButton to={HOME_PATH}>{`Go to ${otherEntity.name}`}</LinkButton>
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
