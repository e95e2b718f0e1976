import { zodResolver } from '@hookform/resolvers/zod';
import { SelectPlanSchema, type SelectPlan } from '@leadbell/shared/entities';
import { PLANS, type Plan } from '@leadbell/shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { selectPlan } from '../api/select-plan.ts';
import { formatIncludedNotifications, formatIncludedUsers, formatOverage, formatPlanPrice } from '../plan-format.ts';

/** The plan most owners start with, marked so the choice is easier. */
const RECOMMENDED_PLAN = 'growth';

export function SelectPlanForm({ entityId }: { entityId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorId = useId();
  // No default plan: the choice is the user's, and an empty submit must say 'Please select a plan.'
  const form = useForm<SelectPlan>({ resolver: zodResolver(SelectPlanSchema) });
  const mutation = useMutation({
    mutationFn: async (values: SelectPlan) => {
      await selectPlan(entityId, values);
      await refreshSession(queryClient);
    },
    onSuccess: () => void navigate('/flows', { replace: true }),
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
      <Controller
        control={form.control}
        name="plan"
        render={({ field }) => (
          <RadioGroup.Root
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onValueChange={(value) => field.onChange(value)}
            aria-label="Plan"
            aria-invalid={planError ? true : undefined}
            aria-describedby={planError ? errorId : undefined}
            className="grid gap-3 sm:grid-cols-2"
          >
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} isSelected={field.value === plan.id} />
            ))}
          </RadioGroup.Root>
        )}
      />
      {planError ? (
        <p id={errorId} role="alert" className="-mt-2 text-sm text-red-700">
          {planError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">Prices in USD, excluding taxes. Month to month, no contract.</p>
        <Button type="submit" size="lg" isLoading={mutation.isPending} className="sm:min-w-48">
          Select &amp; continue
        </Button>
      </div>
    </form>
  );
}

function PlanCard({ plan, isSelected }: { plan: Plan; isSelected: boolean }) {
  const titleId = useId();
  const detailsId = useId();
  return (
    <RadioGroup.Item
      value={plan.id}
      aria-labelledby={titleId}
      aria-describedby={detailsId}
      className={cn(
        'relative flex h-full flex-col rounded-xl border bg-white p-5 text-left shadow-sm transition-[border-color,box-shadow] hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        isSelected ? 'border-brand-600 ring-2 ring-brand-600/20' : 'border-slate-200',
      )}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="flex flex-wrap items-center gap-2">
          <span id={titleId} className="text-base font-semibold text-slate-900">
            {plan.title}
          </span>
          {plan.id === RECOMMENDED_PLAN ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              Most popular
            </span>
          ) : null}
        </span>
        <span
          aria-hidden="true"
          className={cn(
            'flex size-5 shrink-0 items-center justify-center rounded-full border',
            isSelected ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300',
          )}
        >
          <RadioGroup.Indicator>
            <Check className="size-3.5" strokeWidth={3} />
          </RadioGroup.Indicator>
        </span>
      </span>
      <span id={detailsId} className="mt-3 flex flex-1 flex-col">
        <span className="text-2xl font-bold tracking-tight text-slate-900">{formatPlanPrice(plan)}</span>
        <span className="mt-1 text-sm text-slate-500">{plan.description}</span>
        <span className="mt-4 grid gap-1.5 border-t border-slate-100 pt-4 text-sm text-slate-700">
          <PlanFeature>{formatIncludedNotifications(plan)}</PlanFeature>
          <PlanFeature>{formatIncludedUsers(plan)}</PlanFeature>
          <PlanFeature>{formatOverage(plan)}</PlanFeature>
        </span>
      </span>
    </RadioGroup.Item>
  );
}

function PlanFeature({ children }: { children: string }) {
  return (
    <span className="flex items-center gap-2">
      <Check aria-hidden="true" className="size-4 text-emerald-600" />
      <span>
        {children}
        <span className="sr-only">.</span>
      </span>
    </span>
  );
}
