import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/auth.ts';
import { MessagePage } from './not-found.tsx';
import { HOME_PATH } from '../../lib/redirects.ts';

/** Spec section 6: what a member may do themselves. */
const MEMBER_CAN = [
  'Get every lead on your phone and see every notification',
  'See the flows and this month’s usage',
  'Turn notifications on or off on your devices, and choose email copies',
  'Change your password, or leave the team',
];

/** "Ann Owner", "Ann Owner or Bo Newcomer", "Ann, Bo or Cy". */
function listOfNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** `/unauthorized`: where a member lands from an admin page, with what they can do and whom to ask. */
export function UnauthorizedPage() {
  const session = useSession();
  if (session.status === 'unknown') return <LoadingScreen />;
  if (session.status !== 'signed-in' || !session.me.entity || session.me.user.role === 'admin') {
    return (
      <MessagePage
        code="403"
        title="Not allowed"
        body="Your account doesn’t have access to this page. Ask your account owner for help."
      />
    );
  }
  const { entity, admins } = session.me;
  const whom = admins.length > 0 ? listOfNames(admins) : `an admin of ${entity.name}`;
  return (
    <MessagePage
      code="403"
      title="Only admins can open this page"
      body={
        <>
          The plan, API keys, flows and the team of {entity.name} are managed by its admins. Ask{' '}
          <strong className="font-semibold text-slate-900 dark:text-white">{whom}</strong> if something there needs to
          change.
        </>
      }
      actions={
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={HOME_PATH}>Back to the leads</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/account">Your account</Link>
          </Button>
        </div>
      }
    >
      <section
        aria-labelledby="member-can"
        className="mx-auto mt-6 max-w-md rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="member-can" className="text-sm font-semibold text-slate-900 dark:text-white">
          As a member you can
        </h2>
        <ul className="mt-3 grid gap-2 text-sm text-slate-600 dark:text-slate-300">
          {MEMBER_CAN.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {item}
            </li>
          ))}
        </ul>
      </section>
    </MessagePage>
  );
}
