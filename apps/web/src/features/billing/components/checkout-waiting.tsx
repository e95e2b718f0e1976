import { getPlan } from '@leadbell/shared/plans';
import type { PaidPlanId } from '@leadbell/shared/subscriptions';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBilling } from '../api/get-billing.ts';

/**
 * After Stripe Checkout: the plan starts when Stripe's webhook confirms the payment, never because
 * the browser came back. Polls the business's billing until the plan is in force, then says so.
 */
export function CheckoutWaiting({ plan, onConfirmed }: { plan: PaidPlanId; onConfirmed?: () => void }) {
  const billing = useBilling({ pollUntil: (summary) => summary.plan === plan });
  const isConfirmed = billing.data?.plan === plan;
  useEffect(() => {
    if (isConfirmed) onConfirmed?.();
  }, [isConfirmed, onConfirmed]);
  const title = getPlan(plan).title;
  return (
    <div aria-live="polite">
      {isConfirmed ? (
        <Alert tone="success">
          Payment confirmed: <strong className="font-semibold">{title}</strong> is active.
        </Alert>
      ) : (
        <div className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <Spinner className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span className="leading-relaxed">
            <span className="font-semibold">Waiting for payment confirmation…</span> {title} starts as soon as Stripe
            confirms the payment; this page updates by itself.
          </span>
        </div>
      )}
    </div>
  );
}
