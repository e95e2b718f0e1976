import type { TeamInvitation } from '@leadbell/shared/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { TEAM_QUERY_KEY, useTeam } from '../../features/team/api/get-team.ts';
import { resendInvitation } from '../../features/team/api/resend-invitation.ts';
import { InvitationsTable } from '../../features/team/components/invitations-table.tsx';
import { InviteTeammateDialog } from '../../features/team/components/invite-teammate-dialog.tsx';
import { MemberActionDialog } from '../../features/team/components/member-action-dialog.tsx';
import { MembersTable, type MemberAction } from '../../features/team/components/members-table.tsx';
import { RevokeInvitationDialog } from '../../features/team/components/revoke-invitation-dialog.tsx';
import { SeatsSummary } from '../../features/team/components/seats-summary.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useRequiredMe } from '../../lib/auth.ts';

const PLAN_HREF = '/account#plan';

function TeamSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-8 grid gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-500">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** `/team` (admins): members, open invitations and seats. */
export function TeamPage() {
  const me = useRequiredMe();
  const plan = me.entity?.plan ?? 'starter';
  const queryClient = useQueryClient();
  const team = useTeam();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [memberAction, setMemberAction] = useState<MemberAction | null>(null);
  const [toRevoke, setToRevoke] = useState<TeamInvitation | null>(null);
  const resend = useMutation({
    mutationFn: (invitation: TeamInvitation) => resendInvitation(invitation.id),
    onMutate: () => setNotice(null),
    onSuccess: async (invitation) => {
      await queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
      setNotice({
        tone: 'success',
        text: `A new link was sent to ${invitation.email}. The previous one no longer works.`,
      });
    },
    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error) }),
  });

  return (
    <>
      <PageHeader
        title="Team"
        description="Everyone here gets every lead on their own phone. Admins manage the plan, API keys, flows and the team."
        actions={
          team.data ? (
            <InviteTeammateDialog
              seats={team.data.seats}
              plan={plan}
              planHref={PLAN_HREF}
              onInvited={(invitation) =>
                setNotice({
                  tone: 'success',
                  text: `Invitation sent to ${invitation.email}. The link works for 7 days.`,
                })
              }
            />
          ) : null
        }
      />
      {notice ? (
        <Alert tone={notice.tone} className="mb-6">
          {notice.text}
        </Alert>
      ) : null}
      {team.isPending ? (
        <LoadingState label="Loading the team…" />
      ) : team.isError ? (
        <ErrorState
          message={errorMessage(team.error, 'Failed to load the team.')}
          onRetry={() => void team.refetch()}
          isRetrying={team.isFetching}
        />
      ) : (
        <>
          <SeatsSummary seats={team.data.seats} plan={plan} planHref={PLAN_HREF} />
          <TeamSection title="Members" description="People who can sign in to this business.">
            <MembersTable
              members={team.data.members}
              onAction={(action) => {
                setNotice(null);
                setMemberAction(action);
              }}
            />
          </TeamSection>
          <TeamSection title="Pending invitations" description="Links sent but not used yet. Each takes a seat.">
            {team.data.invitations.length === 0 ? (
              <p className="flex items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-5 text-sm text-slate-500">
                <MailPlus aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                No open invitations. Use “Invite teammate” to add someone.
              </p>
            ) : (
              <InvitationsTable
                invitations={team.data.invitations}
                resendingId={resend.isPending ? (resend.variables?.id ?? null) : null}
                onResend={(invitation) => resend.mutate(invitation)}
                onRevoke={(invitation) => {
                  setNotice(null);
                  setToRevoke(invitation);
                }}
              />
            )}
          </TeamSection>
        </>
      )}
      <MemberActionDialog
        target={memberAction}
        onClose={() => setMemberAction(null)}
        onDone={(text) => {
          setMemberAction(null);
          setNotice({ tone: 'success', text });
        }}
      />
      <RevokeInvitationDialog
        target={toRevoke}
        onClose={() => setToRevoke(null)}
        onRevoked={(email) => {
          setToRevoke(null);
          setNotice({ tone: 'success', text: `The invitation to ${email} was revoked. Its seat is free.` });
        }}
      />
    </>
  );
}
