import { zodResolver } from '@hookform/resolvers/zod';
import { SelectPlanSchema, type Entity, type SelectPlan } from '@leadbell/shared/entities';
import { getPlan, type PlanId } from '@leadbell/shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { selectPlan } from '../api/select-plan.ts';
import { formatPlanPrice } from '../plan-format.ts';
import { planChangeMessage } from '../plan-change-message.ts';
import { PlanPicker, type PlanTag } from './plan-picker.tsx';
import { LEADS_QUERY_KEY } from '../../leads/api/get-leads.ts';
import { TEAM_QUERY_KEY } from '../../team/api/get-team.ts';
import { USAGE_QUERY_KEY } from '../../usage/api/get-usage.ts';
import { BILLING_QUERY_KEY } from '../../billing/api/get-billing.ts';
import { PlanPriceNote } from '../../billing/components/plan-price-note.tsx';
import { payThroughCheckout } from '../../billing/pay-through-checkout.ts';

type ChangePlanFormProps = {
  entity: Entity & { plan: PlanId };
  /** Called after the server accepted the change, e.g. to reload usage. */
  onChanged?: () => void;
};

/**
 * A larger plan starts at once; a smaller one with the next billing month (decision 040), and
 * choosing the current plan again cancels it.
 */
export function ChangePlanForm({ entity, onChanged }: ChangePlanFormProps) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [isOpeningCheckout, setIsOpeningCheckout] = useState(false);
  const nextPlan = entity.pendingPlan ?? entity.plan;
  const form = useForm<SelectPlan>({ resolver: zodResolver(SelectPlanSchema), values: { plan: nextPlan } });
  const mutation = useMutation({
    mutationFn: async (values: SelectPlan) => {
      // The entity as it was when the change was asked for: the session refresh below replaces it.
      const before = entity;
      let updated: Entity;
      try {
        updated = await selectPlan(entity.id, values);
      } catch (error) {
        // Billing on: a larger paid plan is paid for through Stripe Checkout first.
        if (await payThroughCheckout(error, values.plan)) return 'checkout' as const;
        throw error;
      }
      await refreshSession(queryClient);
      // A larger plan starts at once (decision 040): its seats, its volume and the held leads it
      // delivered show everywhere now, not after the cached answers go stale.
      await Promise.all(
        [USAGE_QUERY_KEY, TEAM_QUERY_KEY, LEADS_QUERY_KEY, BILLING_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      return { message: planChangeMessage(before, updated) };
    },
    onMutate: () => setNotice(null),
    onSuccess: (result) => {
      if (result === 'checkout') {
        setIsOpeningCheckout(true);
        return;
      }
      setNotice(result.message);
      onChanged?.();
    },
  });

  const current = getPlan(entity.plan);
  const pending = entity.pendingPlan ? getPlan(entity.pendingPlan) : null;
  const startsOn = entity.pendingPlanFrom ? formatDate(entity.pendingPlanFrom) : 'next billing month';
  const selected = useWatch({ control: form.control, name: 'plan' });
  const tags: Partial<Record<PlanId, PlanTag>> = { [current.id]: { label: 'Current plan', tone: 'neutral' } };
  if (pending) tags[pending.id] = { label: `From ${startsOn}`, tone: 'brand' };

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      <p className="text-sm text-slate-600">
        You’re on the <strong className="font-semibold text-slate-900">{current.title}</strong> plan (
        {formatPlanPrice(current)}).
      </p>
      {pending ? (
        <Alert
          tone="info"
          action={
            <Button
              type="button"
              variant="secondary"
              size="sm"
              isLoading={mutation.isPending && mutation.variables?.plan === current.id}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate({ plan: current.id })}
            >
              Keep {current.title}
            </Button>
          }
        >
          Changes to <strong className="font-semibold">{pending.title}</strong> on {startsOn}.
        </Alert>
      ) : null}
      {notice && !mutation.isPending ? <Alert tone="success">{notice}</Alert> : null}
      {mutation.isError ? <Alert tone="error">{errorMessage(mutation.error, 'Failed to update plan.')}</Alert> : null}
      {isOpeningCheckout ? <Alert tone="info">Opening Stripe Checkout to pay for the plan…</Alert> : null}
      <Controller
        control={form.control}
        name="plan"
        render={({ field }) => (
          <PlanPicker ref={field.ref} name={field.name} value={field.value} onChange={field.onChange} tags={tags} />
        )}
      />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PlanPriceNote paidNote="A larger plan starts now; a smaller one with your next billing month. Prices in USD, excluding taxes; paid plans are paid through Stripe Checkout." />
        <Button
          type="submit"
          isLoading={(mutation.isPending && mutation.variables?.plan === selected) || isOpeningCheckout}
          disabled={selected === nextPlan || mutation.isPending}
          className="sm:min-w-40"
        >
          {selected === current.id ? `Keep ${current.title}` : `Switch to ${getPlan(selected).title}`}
        </Button>
      </div>
    </form>
  );
}
