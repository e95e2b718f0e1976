import { zodResolver } from '@hookform/resolvers/zod';
import { SelectPlanSchema, type SelectPlan } from '@leadbell/shared/entities';
import type { PlanId } from '@leadbell/shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { selectPlan } from '../api/select-plan.ts';
import { PlanPicker, type PlanTag } from './plan-picker.tsx';
import { ONBOARDED_PATH } from '../../../lib/redirects.ts';
import { PlanPriceNote } from '../../billing/components/plan-price-note.tsx';
import { payThroughCheckout } from '../../billing/pay-through-checkout.ts';

/** The plan most owners start with, marked so the choice is easier. */
const RECOMMENDED_TAG: Partial<Record<PlanId, PlanTag>> = { growth: { label: 'Most popular', tone: 'brand' } };

export function SelectPlanForm({ entityId }: { entityId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorId = useId();
  // No default plan: the choice is the user's, and an empty submit must say 'Please select a plan.'
  const form = useForm<SelectPlan>({ resolver: zodResolver(SelectPlanSchema) });
  const [isOpeningCheckout, setIsOpeningCheckout] = useState(false);
  const mutation = useMutation({
    mutationFn: async (values: SelectPlan) => {
      try {
        await selectPlan(entityId, values);
      } catch (error) {
        if (await payThroughCheckout(error, values.plan)) return 'checkout';
        throw error;
      }
      await refreshSession(queryClient);
      return 'selected';
    },
    onSuccess: (result) => {
      if (result === 'checkout') setIsOpeningCheckout(true);
      else void navigate(ONBOARDED_PATH, { replace: true });
    },
    onError: async (error) => {
      // The entity vanished or was never there: the session sends the user back to create it.
      if (error instanceof ApiError && (error.code === 'entity_required' || error.status === 404)) {
        await refreshSession(queryClient);
      }
    },
  });
  const planError = form.formState.errors.plan?.message;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-6">
      {mutation.isError ? <Alert tone="error">{errorMessage(mutation.error, 'Failed to update plan.')}</Alert> : null}
      {isOpeningCheckout ? <Alert tone="info">Opening Stripe Checkout to pay for the plan…</Alert> : null}
      <Controller
        control={form.control}
        name="plan"
        render={({ field }) => (
          <PlanPicker
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            errorId={planError ? errorId : undefined}
            tags={RECOMMENDED_TAG}
          />
        )}
      />
      {planError ? (
        <p id={errorId} role="alert" className="-mt-2 text-sm text-red-700">
          {planError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PlanPriceNote paidNote="Prices in USD, excluding taxes. Month to month, no contract. Paid plans are paid through Stripe Checkout." />
        <Button type="submit" size="lg" isLoading={mutation.isPending || isOpeningCheckout} className="sm:min-w-48">
          Select &amp; continue
        </Button>
      </div>
    </form>
  );
}
