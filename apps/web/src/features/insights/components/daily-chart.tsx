import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { formatDay, type DailyPoint } from '../insights-format.ts';
import { ChartFigure, ChartLegend, FiguresTable } from './chart-figure.tsx';

export const CHART_COLORS = {
  within: '#4f46e5',
  late: '#f59e0b',
  unanswered: '#e11d48',
  axis: '#64748b',
  grid: '#e2e8f0',
};

const SERIES = [
  { key: 'answeredWithinTarget', label: 'Answered within target', color: CHART_COLORS.within },
  { key: 'answeredLate', label: 'Answered late', color: CHART_COLORS.late },
  { key: 'unanswered', label: 'Unanswered', color: CHART_COLORS.unanswered },
] as const;

/** Leads a day, split by how they were answered; every day of the period, quiet days as zero. */
export function DailyChart({ points, days }: { points: DailyPoint[]; days: number }) {
  const isWide = useMediaQuery('(min-width: 640px)');
  const received = points.reduce((sum, point) => sum + point.received, 0);
  const busiest = points.reduce((best, point) => (point.received > best.received ? point : best), points[0]!);
  return (
    <ChartFigure
      title="Leads a day"
      summary={`Bar chart of leads a day over the last ${days} days: ${received} in all, the most on ${formatDay(busiest.date, { day: 'numeric', month: 'long' })} (${busiest.received}). The figures are in the table below.`}
      legend={<ChartLegend items={SERIES.map(({ label, color }) => ({ label, color }))} />}
      table={
        <FiguresTable
          caption="Leads a day"
          head={['Day', 'Received', 'Within target', 'Late', 'Unanswered']}
          rows={points.map((point) => [
            formatDay(point.date, { weekday: 'short', day: 'numeric', month: 'short' }),
            point.received,
            point.answeredWithinTarget,
            point.answeredLate,
            point.unanswered,
          ])}
        />
      }
    >
      <BarChart
        responsive
        data={points}
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
        <XAxis
          dataKey="date"
          tickFormatter={(date: string) => formatDay(date)}
          tick={{ fontSize: 12, fill: CHART_COLORS.axis }}
          tickLine={false}
          axisLine={{ stroke: CHART_COLORS.grid }}
          interval="preserveStartEnd"
          minTickGap={isWide ? 24 : 16}
        />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 12, fill: CHART_COLORS.axis }}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          labelFormatter={(date) => formatDay(String(date), { weekday: 'short', day: 'numeric', month: 'short' })}
        />
        {SERIES.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.label}
            stackId="leads"
            fill={series.color}
            isAnimationActive={false}
            maxBarSize={28}
          />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
