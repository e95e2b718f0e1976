import { useBillingMode } from '../api/get-billing-mode.ts';

/**
 * The line under a plan picker: on a self-hosted server without billing every plan is free;
 * otherwise paid plans go through Stripe Checkout, prices before taxes.
 */
export function PlanPriceNote({ paidNote }: { paidNote: string }) {
  const mode = useBillingMode();
  return (
    <p className="text-xs text-slate-500" aria-live="polite">
      {mode.data?.isEnabled === false
        ? 'This Leadbell server is self-hosted: every plan is free to choose, nothing is charged.'
        : paidNote}
    </p>
  );
}
