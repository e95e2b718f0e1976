import { useParams } from 'react-router';
import { JoinTeam } from '../../features/team/components/join-team.tsx';

/** `/invite/:token`: the emailed link. */
export function InvitePage() {
  const { token = '' } = useParams();
  return <JoinTeam token={token} />;
}
