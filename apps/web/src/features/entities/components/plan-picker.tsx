import type { Plan, PlanId } from '@leadbell/shared/plans';
import { PLANS } from '@leadbell/shared/plans';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, type Ref } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  formatIncludedNotifications,
  formatIncludedSms,
  formatIncludedUsers,
  formatOverage,
  formatPlanPrice,
} from '../plan-format.ts';

export type PlanTag = { label: string; tone: BadgeTone };

type PlanPickerProps = {
  name: string;
  value: PlanId | undefined;
  onChange: (plan: PlanId) => void;
  ref?: Ref<HTMLDivElement>;
  /** The field's error message id, when there is one. */
  errorId?: string | undefined;
  /** A tag per plan, e.g. "Most popular" or "Current plan". */
  tags?: Partial<Record<PlanId, PlanTag>>;
};

/** The four plans as radio cards: one control for onboarding and for changing plans later. */
export function PlanPicker({ name, value, onChange, ref, errorId, tags = {} }: PlanPickerProps) {
  return (
    <RadioGroup.Root
      ref={ref}
      name={name}
      value={value ?? ''}
      onValueChange={(next) => onChange(next as PlanId)}
      aria-label="Plan"
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      className="grid gap-3 sm:grid-cols-2"
    >
      {PLANS.map((plan) => (
        <PlanCard key={plan.id} plan={plan} isSelected={value === plan.id} tag={tags[plan.id]} />
      ))}
    </RadioGroup.Root>
  );
}

function PlanCard({ plan, isSelected, tag }: { plan: Plan; isSelected: boolean; tag: PlanTag | undefined }) {
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
          {tag ? <Badge tone={tag.tone}>{tag.label}</Badge> : null}
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
          <PlanFeature>{formatIncludedSms(plan)}</PlanFeature>
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
