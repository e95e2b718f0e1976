import type { Usage } from '@leadbell/shared/billing';
import { getPlan } from '@leadbell/shared/plans';
import { seatsUsedLabel } from '@leadbell/shared/team';
import { ArrowUpRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useUsage } from '../api/get-usage.ts';
import { formatCents, formatCount, formatDaysLeft, usageTone } from '../usage-format.ts';
import { HeldLeadsNotice } from './held-leads-banner.tsx';

type UsagePanelProps = {
  /** Where "Upgrade" leads: the plan section of the account page. */
  planHref: string;
  className?: string;
};

/** This billing month's notifications against the plan, overage so far and days left. */
export function UsagePanel({ planHref, className }: UsagePanelProps) {
  const usage = useUsage();
  const headingId = useId();
  return (
    <Card className={cn('p-5 sm:p-6', className)} role="region" aria-labelledby={headingId}>
      {usage.isPending ? (
        <>
          <h2 id={headingId} className="sr-only">
            Usage this month
          </h2>
          <LoadingState label="Loading usage…" className="py-6" />
        </>
      ) : usage.isError ? (
        <>
          <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
            Usage this month
          </h2>
          <ErrorState
            message={errorMessage(usage.error, 'Failed to load usage.')}
            onRetry={() => void usage.refetch()}
            isRetrying={usage.isFetching}
            quiet
          />
        </>
      ) : (
        <UsageDetails usage={usage.data} headingId={headingId} planHref={planHref} />
      )}
    </Card>
  );
}

function UsageDetails({ usage, headingId, planHref }: { usage: Usage; headingId: string; planHref: string }) {
  const plan = getPlan(usage.plan);
  const pendingPlan = usage.pendingPlan ? getPlan(usage.pendingPlan) : null;
  const renewsOn = formatDate(usage.periodEnd);
  const isPaid = plan.overageUsd !== null;
  const valueText = `${formatCount(usage.count)} of ${formatCount(usage.included)}`;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Usage this month
          </h2>
          <Badge tone="brand">{plan.title} plan</Badge>
        </div>
        <p className="text-sm text-slate-500">
          <span className="font-medium text-slate-700">{formatDaysLeft(usage.daysLeft)}</span> · renews {renewsOn}
        </p>
      </div>

      <div className="grid gap-2">
        <p className="flex flex-wrap items-baseline gap-x-2 text-slate-600">
          <span className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatCount(usage.count)}
          </span>
          <span className="text-sm">
            of {formatCount(usage.included)} notifications{isPaid ? ' included' : ''}
          </span>
        </p>
        <Progress
          value={usage.count}
          max={usage.included}
          label="Notifications this month"
          valueText={valueText}
          tone={usageTone(usage)}
        />
      </div>

      <dl className="grid divide-y divide-slate-100 text-sm sm:grid-cols-2 sm:gap-3 sm:divide-y-0 lg:grid-cols-4">
        <UsageFact term={isPaid ? 'Overage so far' : 'Extra notifications'}>
          {isPaid ? (
            <>
              {formatCents(usage.overageCents)}
              {usage.overageCount > 0 ? (
                <span className="font-normal text-slate-500">
                  {' '}
                  ({formatCount(usage.overageCount)} × {formatCents(Math.round((plan.overageUsd ?? 0) * 100))})
                </span>
              ) : null}
            </>
          ) : (
            <span className="font-normal text-slate-600">Not included</span>
          )}
        </UsageFact>
        <UsageFact term="Billing month">
          {formatDate(usage.periodStart)} – {renewsOn}
        </UsageFact>
        <UsageFact term="Next month">
          {pendingPlan ? `${pendingPlan.title} plan, from ${renewsOn}` : `${plan.title} plan`}
        </UsageFact>
        <UsageFact term="Team">{seatsUsedLabel(usage.seats)}</UsageFact>
        <UsageFact term="Call minutes">
          {usage.callMinutes.included === 0
            ? 'None in this plan'
            : `${formatCount(usage.callMinutes.used)} of ${formatCount(usage.callMinutes.included)}`}
        </UsageFact>
      </dl>

      {usage.heldCount > 0 ? <HeldLeadsNotice usage={usage} planHref={planHref} /> : null}

      {usage.isLimitReached ? (
        <Alert tone="error">
          <p>
            <strong className="font-semibold">Monthly limit reached.</strong> All {formatCount(usage.included)}{' '}
            {plan.title} notifications are used: new leads are kept but ring nobody until {renewsOn}.
            {pendingPlan
              ? ` Your ${pendingPlan.title} plan starts then.`
              : ' Choose a paid plan: it starts at once, never stops, and extra notifications cost a few cents each.'}
          </p>
          {pendingPlan ? null : (
            <Button asChild size="sm" className="mt-3">
              <Link to={planHref}>
                Upgrade
                <ArrowUpRight aria-hidden="true" className="size-3.5" />
              </Link>
            </Button>
          )}
        </Alert>
      ) : null}
    </div>
  );
}

function UsageFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2 sm:grid sm:content-start sm:gap-0.5 sm:rounded-lg sm:bg-slate-50 sm:px-3 sm:py-2.5">
      <dt className="shrink-0 text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="text-right font-semibold text-slate-900 tabular-nums sm:text-left">{children}</dd>
    </div>
  );
}
