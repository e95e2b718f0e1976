import type { Conversion } from '@leadbell/shared/insights';
import { useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { formatRate, formatWonOf } from '../insights-format.ts';
import { SmallSampleBadge } from './conversion-table.tsx';

/**
 * Won by how soon the lead was first answered: one bar per band, its length the rate, with the
 * sample beside it in words (the bars are drawn for the eye; the text says everything).
 */
export function ConversionBands({ bands }: { bands: Conversion['bands'] }) {
  const titleId = useId();
  return (
    <Card className="p-4 sm:p-6">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        Won by time to first answer
      </h3>
      <ul aria-labelledby={titleId} className="mt-4 grid gap-4">
        {bands.map((band) => (
          <li key={band.band} data-band={band.band} className="grid gap-1.5">
            <div className="flex flex-col gap-1 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
              <span className="font-medium text-slate-800">{band.label}</span>
              <span className="inline-flex flex-wrap items-center gap-1.5 text-slate-900 tabular-nums">
                <span className="font-semibold">{formatRate(band.rate)}</span>
                <span className="text-slate-500">
                  {band.withOutcome > 0 ? `${formatWonOf(band)} won` : 'no outcomes'} · {band.leads}{' '}
                  {band.leads === 1 ? 'lead' : 'leads'}
                </span>
                <SmallSampleBadge figures={band} />
              </span>
            </div>
            <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-100">
              <div
                className={
                  band.band === 'under_5m' ? 'h-full rounded-full bg-brand-600' : 'h-full rounded-full bg-slate-400'
                }
                style={{ width: `${Math.round((band.rate ?? 0) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
