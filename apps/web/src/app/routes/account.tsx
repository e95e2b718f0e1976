import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useRequiredMe } from '../../lib/auth.ts';

export function AccountPage() {
  const me = useRequiredMe();
  return (
    <>
      <PageHeader title="Account" description="Your sign-in details." />
      <Card className="max-w-xl p-5 sm:p-7">
        <dl className="grid gap-4 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-slate-500">Name</dt>
          <dd className="text-slate-900">{me.user.name}</dd>
          <dt className="font-medium text-slate-500">Email</dt>
          <dd className="break-all text-slate-900">{me.user.email}</dd>
          {me.entity ? (
            <>
              <dt className="font-medium text-slate-500">Entity</dt>
              <dd className="text-slate-900">{me.entity.name}</dd>
            </>
          ) : null}
        </dl>
      </Card>
    </>
  );
}
