import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { useRequiredMe } from '../../lib/auth.ts';

export function AccountPage() {
  const me = useRequiredMe();
  return (
    <>
      <PageHeader title="Account" description="Your sign-in details." />
      <div className="grid max-w-xl gap-6">
        <Card className="p-5 sm:p-7">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr] sm:gap-y-4">
            <dt className="font-medium text-slate-500">Name</dt>
            <dd className="mb-3 text-slate-900 sm:mb-0">{me.user.name}</dd>
            <dt className="font-medium text-slate-500">Email</dt>
            <dd className="mb-3 break-all text-slate-900 sm:mb-0">{me.user.email}</dd>
            {me.entity ? (
              <>
                <dt className="font-medium text-slate-500">Entity</dt>
                <dd className="text-slate-900">{me.entity.name}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card className="p-5 sm:p-7">
          <ChangePasswordForm />
        </Card>
      </div>
    </>
  );
}
