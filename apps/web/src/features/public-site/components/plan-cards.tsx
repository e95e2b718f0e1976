import { PLANS, type Plan, type PlanId } from '@leadbell/shared/plans';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatIncludedSms } from '../../entities/plan-format.ts';

const NUMBER = new Intl.NumberFormat('en-US');

/** The plan most owners start with; the console's plan picker marks the same one. */
const HIGHLIGHTED: PlanId = 'growth';

function featuresOf(plan: Plan): string[] {
  return [
    `${NUMBER.format(plan.includedNotifications)} notifications a month`,
    `${plan.includedUsers} ${plan.includedUsers === 1 ? 'user' : 'users'}`,
    plan.overageUsd === null
      ? `Pauses at ${plan.includedNotifications} until next month`
      : `Then $${plan.overageUsd.toFixed(2)} per extra notification`,
    'Push notifications on your phone',
    formatIncludedSms(plan),
  ];
}

/** The four plans, straight from the shared catalogue that onboarding and quotas use. */
export function PlanCards() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {PLANS.map((plan) => {
        const isHighlighted = plan.id === HIGHLIGHTED;
        return (
          <li
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900',
              isHighlighted
                ? 'border-brand-600 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
                : 'border-slate-200 dark:border-slate-800',
            )}
          >
            {isHighlighted ? (
              <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
                Most popular
              </p>
            ) : null}
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{plan.title}</h2>
            <p className="mt-1 text-sm sm:min-h-12 leading-relaxed text-slate-600 dark:text-slate-400">
              {plan.description}
            </p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">
                {plan.priceUsd === 0 ? 'Free' : `$${plan.priceUsd}`}
              </span>
              {plan.priceUsd === 0 ? null : <span className="text-sm text-slate-600 dark:text-slate-400">/month</span>}
            </p>
            <Button
              asChild
              variant={isHighlighted ? 'primary' : 'secondary'}
              size="lg"
              className="mt-6"
              aria-label={`Get Started with ${plan.title}`}
            >
              <Link to="/sign-up">Get Started</Link>
            </Button>
            <ul className="mt-6 grid gap-3 text-sm text-slate-700 dark:text-slate-300">
              {featuresOf(plan).map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-300" />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
