import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { useIsAdmin, useRequiredMe } from '../../../lib/auth.ts';
import { useBilling } from '../api/get-billing.ts';

/**
 * The shell's banner on every page while an invoice is unpaid (Stripe retries the card meanwhile),
 * or once the subscription ended unpaid and the business fell back to Starter.
 */
export function PaymentFailedBanner() {
  const me = useRequiredMe();
  const isAdmin = useIsAdmin();
  const billing = useBilling();
  const failed = me.entity ? billing.data?.paymentFailed : null;
  const hasEnded = billing.data?.subscription && ['canceled', 'unpaid'].includes(billing.data.subscription.status);
  return (
    <div role="status" aria-live="polite">
      {failed ? (
        <div className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6 lg:px-10">
          <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <CreditCard aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
            <span className="min-w-0 flex-1">
              <span className="font-semibold">
                {hasEnded ? 'The subscription ended unpaid.' : 'The last payment failed.'}
              </span>{' '}
              {hasEnded
                ? 'The business is on Starter’s limits: nothing is deleted, and leads beyond them wait until a plan is paid.'
                : 'Stripe will try again; the plan stays as it is meanwhile.'}{' '}
              {isAdmin ? null : `Ask ${me.admins.length > 0 ? me.admins.join(' or ') : 'an admin'} to update the card.`}
            </span>
            {isAdmin ? (
              <Link
                to="/billing"
                className="rounded-md font-semibold text-amber-900 underline underline-offset-4 hover:text-amber-700"
              >
                {hasEnded ? 'Choose a plan' : 'Update the card'}
              </Link>
            ) : null}
          </p>
        </div>
      ) : null}
    </div>
  );
}
