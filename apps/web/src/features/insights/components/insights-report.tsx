import type { Insights } from '@leadbell/shared/insights';
import { useId, type ReactNode } from 'react';
import { formatDay, dailySeries } from '../insights-format.ts';
import { ConversionReport } from './conversion-report.tsx';
import { DailyChart } from './daily-chart.tsx';
import { FlowFiguresTable } from './flow-figures-table.tsx';
import { HeadlineFigures } from './headline-figures.tsx';
import { MemberFiguresTable } from './member-figures-table.tsx';
import { ResponseTimeChart } from './response-time-chart.tsx';

function Part({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

type InsightsReportProps = { insights: Insights; viewerId: string; isAdmin: boolean };

/** A period's speed-to-lead: headline figures, the two charts, what became of the leads, then per flow and per member. */
export function InsightsReport({ insights, viewerId, isAdmin }: InsightsReportProps) {
  const points = dailySeries(insights);
  const first = points[0]?.date ?? insights.from.slice(0, 10);
  const last = points.at(-1)?.date ?? insights.to.slice(0, 10);
  const claimed = insights.histogram.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <div className="grid gap-8">
      <Part
        title="Your team"
        description={`${formatDay(first, { day: 'numeric', month: 'short' })} – ${formatDay(last, { day: 'numeric', month: 'short', year: 'numeric' })}, days in ${insights.timeZone.replaceAll('_', ' ')}. Time to claim runs from arrival (or opening time) to the first “I’m on it”.`}
      >
        <HeadlineFigures totals={insights.totals} />
      </Part>

      <div className="grid gap-4 lg:grid-cols-2">
        <DailyChart points={points} days={insights.days} />
        {claimed > 0 ? (
          <ResponseTimeChart histogram={insights.histogram} />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
            No lead was claimed in this period, so there are no times to claim to show.
          </p>
        )}
      </div>

      <Part
        title="What became of your leads"
        description="Won out of the leads marked Won, Lost or No answer, by how soon someone first answered (claimed or replied). Setting an outcome is not an answer."
      >
        <ConversionReport conversion={insights.conversion} isAdmin={isAdmin} days={insights.days} />
      </Part>

      <Part title="Per flow">
        <FlowFiguresTable flows={insights.flows} />
      </Part>

      <Part
        title={isAdmin ? 'Per member' : 'You'}
        description={
          isAdmin
            ? 'The leads each member claimed first.'
            : 'The leads you claimed first; the team’s figures are above.'
        }
      >
        {insights.members.length > 0 ? (
          <MemberFiguresTable members={insights.members} viewerId={viewerId} />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
            {isAdmin
              ? 'Nobody claimed a lead in this period.'
              : `You didn’t claim a lead in the last ${insights.days} days.`}
          </p>
        )}
      </Part>
    </div>
  );
}
