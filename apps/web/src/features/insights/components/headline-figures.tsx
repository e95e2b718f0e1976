import type { LeadFigures } from '@leadbell/shared/insights';
import type { ReactNode } from 'react';
import { formatDuration, formatRate } from '../insights-format.ts';

function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">{value}</dd>
      {detail ? <dd className="text-xs text-slate-500">{detail}</dd> : null}
    </div>
  );
}

/**
 * The team's figures for the period, two a row on a phone: within target, late, unanswered and
 * waiting add up to the leads received.
 */
export function HeadlineFigures({ totals }: { totals: LeadFigures }) {
  return (
    <dl aria-label="Team figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Figure label="Leads received" value={String(totals.received)} />
      <Figure
        label="Answered within target"
        value={formatRate(totals.answeredWithinTargetRate)}
        detail={`${totals.answeredWithinTarget} of ${totals.received - totals.waiting} past or answered`}
      />
      <Figure
        label="Median time to claim"
        value={formatDuration(totals.medianSecondsToClaim)}
        detail="Half were claimed within this"
      />
      <Figure
        label="90th percentile time to claim"
        value={formatDuration(totals.p90SecondsToClaim)}
        detail="9 in 10 were claimed within this"
      />
      <Figure label="Answered late" value={String(totals.answeredLate)} detail="Claimed after the target" />
      <Figure label="Unanswered" value={String(totals.unanswered)} detail="Not claimed by the target" />
      <Figure label="Waiting" value={String(totals.waiting)} detail="Not claimed yet, still inside the target" />
      <Figure label="Escalated" value={String(totals.escalated)} detail="Rang the team again" />
    </dl>
  );
}
