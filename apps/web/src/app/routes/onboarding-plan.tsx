import { PaidPlanIdSchema } from '@leadbell/shared/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { CheckoutWaiting } from '../../features/billing/components/checkout-waiting.tsx';
import { EntitySettingSelect } from '../../features/entities/components/entity-setting-select.tsx';
import { SelectPlanForm } from '../../features/entities/components/select-plan-form.tsx';
import { refreshSession, useRequiredMe } from '../../lib/auth.ts';
import { ONBOARDED_PATH } from '../../lib/redirects.ts';
import { OnboardingLayout } from '../layouts/onboarding-layout.tsx';

export function OnboardingPlanPage() {
  const me = useRequiredMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back from Stripe Checkout: the plan starts when Stripe's webhook confirms the payment.
  const paidPlan = params.get('checkout') === 'done' ? PaidPlanIdSchema.safeParse(params.get('plan')).data : undefined;
  const onConfirmed = useCallback(() => {
    void refreshSession(queryClient).then(() => navigate(ONBOARDED_PATH, { replace: true }));
  }, [queryClient, navigate]);
  return (
    <OnboardingLayout
      step={2}
      wide
      title="Select your plan"
      description="Pick the monthly volume that fits. You can change plans later: a larger plan starts at once, a smaller one from the next billing cycle."
    >
      {params.get('checkout') === 'cancelled' ? (
        <Alert tone="info" className="mb-6">
          Checkout was cancelled: nothing was charged. Choose a plan to continue.
        </Alert>
      ) : null}
      {paidPlan ? (
        <CheckoutWaiting plan={paidPlan} onConfirmed={onConfirmed} />
      ) : me.entity ? (
        // The guard only lets users at the plan step in, and they have an entity by definition.
        <div className="grid gap-6">
          <section
            aria-labelledby="local-defaults"
            className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-5"
          >
            <div className="grid gap-1 sm:col-span-2">
              <h2 id="local-defaults" className="text-base font-semibold text-slate-900">
                Where your business is
              </h2>
              <p className="text-sm text-slate-600">
                Guessed from this browser; change either now or later on the Business page.
              </p>
            </div>
            <EntitySettingSelect
              entityId={me.entity.id}
              field="defaultCountry"
              value={me.entity.defaultCountry}
              canEdit
            />
            <EntitySettingSelect entityId={me.entity.id} field="currency" value={me.entity.currency} canEdit />
          </section>
          <SelectPlanForm entityId={me.entity.id} />
        </div>
      ) : null}
    </OnboardingLayout>
  );
}
