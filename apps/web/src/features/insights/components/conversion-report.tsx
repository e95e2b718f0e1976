import { CONVERSION_SMALL_SAMPLE, type Conversion } from '@leadbell/shared/insights';
import { TRAFFIC_SOURCE_LABELS } from '@leadbell/shared/lead-sources';
import { useId, type ReactNode } from 'react';
import { formatMoney, formatRate, formatWonOf } from '../insights-format.ts';
import { ConversionBands } from './conversion-bands.tsx';
import { ConversionTable } from './conversion-table.tsx';

function Figure({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">{value}</dd>
      <dd className="text-xs text-slate-500">{detail}</dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

type ConversionReportProps = { conversion: Conversion; isAdmin: boolean; days: number };

/**
 * What became of the period's leads: Won out of those with an outcome, by time to first answer,
 * source, flow and member, each with its sample so a small one reads as small.
 */
export function ConversionReport({ conversion, isAdmin, days }: ConversionReportProps) {
  const { totals, currency } = conversion;
  if (totals.withOutcome === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
        None of the last {days} days’ leads has an outcome yet. Mark leads Won, Lost or No answer on their card, and
        here you will see how many you win when you answer within 5 minutes, and when later.
      </p>
    );
  return (
    <div className="grid gap-4">
      <dl aria-label="Conversion figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure
          label="Won"
          value={formatRate(totals.rate)}
          detail={`${formatWonOf(totals)} leads with an outcome (${totals.leads} leads)`}
        />
        <Figure label="Value won" value={formatMoney(totals.wonValue, currency)} detail="Leads won with a value" />
      </dl>
      <p className="text-xs text-slate-500">
        A rate from fewer than {CONVERSION_SMALL_SAMPLE} leads with an outcome is marked as a small sample: one more
        lead can move it a lot.
      </p>
      <ConversionBands bands={conversion.bands} />
      <Group title="Won per source">
        <ConversionTable
          label="Conversion per source"
          nameHead="Source"
          valueCurrency={currency}
          rows={conversion.sources.map((source) => ({
            key: source.source ?? 'unknown',
            name: source.source ? TRAFFIC_SOURCE_LABELS[source.source] : 'Not recorded',
            figures: source,
          }))}
        />
      </Group>
      <Group title="Won per flow">
        <ConversionTable
          label="Conversion per flow"
          nameHead="Flow"
          rows={conversion.flows.map((flow) => ({ key: flow.flowId, name: flow.name, figures: flow }))}
        />
      </Group>
      <Group title={isAdmin ? 'Won per member who answered first' : 'Won of the leads you answered first'}>
        {conversion.members.length > 0 ? (
          <ConversionTable
            label="Conversion per member"
            nameHead="Member"
            rows={conversion.members.map((member) => ({ key: member.userId, name: member.name, figures: member }))}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
            {isAdmin ? 'Nobody answered a lead in this period.' : 'You didn’t answer a lead in this period.'}
          </p>
        )}
      </Group>
    </div>
  );
}
