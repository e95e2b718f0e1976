import { useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

type ChartFigureProps = {
  title: string;
  /** What the chart shows, in a sentence: the drawing's text alternative. */
  summary: string;
  legend?: ReactNode;
  /** The same figures as a table, for screen readers and anyone who wants the numbers. */
  table: ReactNode;
  children: ReactNode;
};

/** A chart with its title, a one-sentence alternative, and its figures as a table under "Show the figures". */
export function ChartFigure({ title, summary, legend, table, children }: ChartFigureProps) {
  const titleId = useId();
  return (
    <Card className="p-4 sm:p-6">
      <figure aria-labelledby={titleId} className="grid gap-3">
        <figcaption id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </figcaption>
        {legend}
        <div role="img" aria-label={summary} className="h-64 w-full min-w-0">
          {children}
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer rounded font-medium text-brand-700 hover:underline">
            Show the figures
          </summary>
          <div className="mt-3 max-h-80 overflow-auto">{table}</div>
        </details>
      </figure>
    </Card>
  );
}

/** A small table inside a chart's "Show the figures". */
export function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          {head.map((cell, index) => (
            <th key={cell} scope="col" className={index === 0 ? 'py-2 pr-3' : 'py-2 pl-3 text-right'}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])} className="border-b border-slate-100 last:border-b-0">
            {row.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row" className="py-1.5 pr-3 font-normal whitespace-nowrap text-slate-700">
                  {cell}
                </th>
              ) : (
                <td key={index} className="py-1.5 pl-3 text-right text-slate-900">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A colour key drawn in HTML, so it wraps on a phone instead of crowding the chart. */
export function ChartLegend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
