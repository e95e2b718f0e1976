import { ROLE_LABELS, type InvitationPreview } from '@leadbell/shared/team';

/** Who invites whom to which business, with which role, in one sentence. */
export function InvitedBy({ invitation }: { invitation: InvitationPreview }) {
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
