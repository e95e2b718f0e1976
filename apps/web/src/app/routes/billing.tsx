import { getPlan } from '@leadbell/shared/plans';
import { PaidPlanIdSchema } from '@leadbell/shared/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, ExternalLink } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { createPortalSession } from '../../features/billing/api/create-portal-session.ts';
import { useBilling } from '../../features/billing/api/get-billing.ts';
import { useInvoices } from '../../features/billing/api/get-invoices.ts';
import { CheckoutWaiting } from '../../features/billing/components/checkout-waiting.tsx';
import { InvoicesTable } from '../../features/billing/components/invoices-table.tsx';
import { USAGE_QUERY_KEY } from '../../features/usage/api/get-usage.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { refreshSession } from '../../lib/auth.ts';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment due',
  unpaid: 'Unpaid',
  canceled: 'Ended',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

function PlanLink() {
  return (
    <Link
      to="/account#plan"
      className="inline-flex items-center gap-1.5 justify-self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      Change the plan
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** `/billing` (admins): the subscription, Stripe's portal, recent invoices, and the wait after Checkout. */
export function BillingPage() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const billing = useBilling();
  const isEnabled = billing.data?.isEnabled === true;
  const invoices = useInvoices({ isEnabled: isEnabled && billing.data?.subscription !== null });
  const checkoutPlan =
    params.get('checkout') === 'done' ? PaidPlanIdSchema.safeParse(params.get('plan')).data : undefined;
  const portal = useMutation({
    mutationFn: createPortalSession,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const onConfirmed = useCallback(() => {
    void refreshSession(queryClient);
    void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
  }, [queryClient]);
  const subscription = billing.data?.subscription ?? null;

  return (
    <>
      <PageHeader
        title="Billing"
        description="Your plan’s subscription, payment details and invoices."
        actions={
          isEnabled && subscription ? (
            <Button type="button" variant="secondary" isLoading={portal.isPending} onClick={() => portal.mutate()}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Manage billing
            </Button>
          ) : null
        }
      />
      <div className="grid gap-6">
        {checkoutPlan ? <CheckoutWaiting plan={checkoutPlan} onConfirmed={onConfirmed} /> : null}
        {params.get('checkout') === 'cancelled' ? (
          <Alert tone="info">Checkout was cancelled: nothing was charged and the plan is unchanged.</Alert>
        ) : null}
        {portal.isError ? (
          <Alert tone="error">{errorMessage(portal.error, 'Failed to open the billing portal.')}</Alert>
        ) : null}
        {billing.isPending ? (
          <LoadingState label="Loading billing…" />
        ) : billing.isError ? (
          <ErrorState
            message={errorMessage(billing.error, 'Failed to load billing.')}
            onRetry={() => void billing.refetch()}
            isRetrying={billing.isFetching}
          />
        ) : !isEnabled ? (
          <SectionCard title="Billing is off">
            <p className="text-sm leading-relaxed text-slate-600">
              This Leadbell server is self-hosted: every plan is free to choose and nothing is ever charged.
            </p>
            <PlanLink />
          </SectionCard>
        ) : (
          <>
            <SectionCard title="Subscription">
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-500">Plan in force</dt>
                  <dd className="mt-0.5 font-semibold text-slate-900">
                    {billing.data.plan ? getPlan(billing.data.plan).title : 'None yet'}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500">Subscription</dt>
                  <dd className="mt-0.5 flex flex-wrap items-center gap-2">
                    {subscription ? (
                      <>
                        <span className="font-semibold text-slate-900">
                          {subscription.plan ? getPlan(subscription.plan).title : 'Unknown plan'}
                        </span>
                        <Badge tone={subscription.status === 'active' ? 'success' : 'warning'}>
                          {STATUS_LABELS[subscription.status] ?? subscription.status}
                        </Badge>
                      </>
                    ) : (
                      <span className="text-slate-600">None: Starter is free</span>
                    )}
                  </dd>
                </div>
              </dl>
              {subscription?.cancelAtPeriodEnd ? (
                <Alert tone="info">
                  The subscription ends with this billing period; then the business is on Starter.
                </Alert>
              ) : null}
              <PlanLink />
            </SectionCard>
            <SectionCard
              title="Invoices"
              description="Read from Stripe. Taxes are calculated from your billing address."
            >
              {!subscription ? (
                <p className="text-sm text-slate-600">No invoices: the business has not paid for a plan yet.</p>
              ) : invoices.isPending ? (
                <LoadingState label="Loading invoices…" />
              ) : invoices.isError ? (
                <ErrorState
                  message={errorMessage(invoices.error, 'Failed to load the invoices.')}
                  onRetry={() => void invoices.refetch()}
                  isRetrying={invoices.isFetching}
                />
              ) : (
                <InvoicesTable invoices={invoices.data.data} />
              )}
            </SectionCard>
          </>
        )}
      </div>
    </>
  );
}
