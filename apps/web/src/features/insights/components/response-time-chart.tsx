import type { Insights } from '@leadbell/shared/insights';
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, FiguresTable } from './chart-figure.tsx';
import { CHART_COLORS } from './daily-chart.tsx';

/**
 * Claimed leads by time to claim. Bars run sideways so the buckets' names sit on the left at
 * full width, readable on a phone.
 */
export function ResponseTimeChart({ histogram }: { histogram: Insights['histogram'] }) {
  const claimed = histogram.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <ChartFigure
      title="Time to claim"
      summary={`Bar chart of the ${claimed} claimed leads by time to claim: ${histogram.map((bucket) => `${bucket.label.toLowerCase()} ${bucket.count}`).join(', ')}.`}
      table={
        <FiguresTable
          caption="Claimed leads by time to claim"
          head={['Time to claim', 'Leads']}
          rows={histogram.map((bucket) => [bucket.label, bucket.count])}
        />
      }
    >
      <BarChart
        responsive
        layout="vertical"
        data={histogram}
        accessibilityLayer={false}
        margin={{ top: 0, right: 28, bottom: 0, left: 0 }}
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid horizontal={false} stroke={CHART_COLORS.grid} />
        <XAxis
          type="number"
          allowDecimals={false}
          tick={{ fontSize: 12, fill: CHART_COLORS.axis }}
          tickLine={false}
          axisLine={false}
        />
        <YAxis
          type="category"
          dataKey="label"
          width="auto"
          tick={{ fontSize: 12, fill: CHART_COLORS.axis }}
          tickLine={false}
          axisLine={{ stroke: CHART_COLORS.grid }}
        />
        <Tooltip cursor={{ fill: '#f1f5f9' }} />
        <Bar dataKey="count" name="Leads" fill={CHART_COLORS.within} isAnimationActive={false} maxBarSize={24}>
          <LabelList dataKey="count" position="right" fontSize={12} fill="#334155" />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
