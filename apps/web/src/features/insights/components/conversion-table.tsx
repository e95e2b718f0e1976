import type { ConversionFigures } from '@leadbell/shared/insights';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable, TableCell, TableRow } from '../../../components/ui/table.tsx';
import { formatMoney, formatRate, formatWonOf } from '../insights-format.ts';

export type ConversionRow = { key: string; name: string; figures: ConversionFigures };

/** "Small sample" beside a rate resting on fewer than CONVERSION_SMALL_SAMPLE outcomes. */
export function SmallSampleBadge({ figures }: { figures: ConversionFigures }) {
  return figures.isSmallSample && figures.withOutcome > 0 ? <Badge tone="warning">small sample</Badge> : null;
}

type ConversionTableProps = {
  label: string;
  /** The first column's name: Source, Flow, Member. */
  nameHead: string;
  rows: ConversionRow[];
  /** With the value won (per source), in the entity's currency; null: no value column. */
  valueCurrency?: string | null;
};

/** Conversion per source, flow or member: the rate with its sample, leads, and the value won. */
export function ConversionTable({ label, nameHead, rows, valueCurrency = null }: ConversionTableProps) {
  return (
    <DataTable
      aria-label={label}
      columns={[
        nameHead,
        { label: 'Won', isNumeric: true },
        { label: 'Won of outcomes', isNumeric: true },
        { label: 'Leads', isNumeric: true },
        ...(valueCurrency ? [{ label: 'Value won', isNumeric: true }] : []),
      ]}
    >
      {rows.map(({ key, name, figures }) => (
        <TableRow key={key} data-row={key}>
          <TableCell label={nameHead} className="font-medium break-words text-slate-900">
            {name}
          </TableCell>
          <TableCell label="Won" isNumeric>
            <span>
              {formatRate(figures.rate)} <SmallSampleBadge figures={figures} />
            </span>
          </TableCell>
          <TableCell label="Won of outcomes" isNumeric>
            {formatWonOf(figures)}
          </TableCell>
          <TableCell label="Leads" isNumeric>
            {figures.leads}
          </TableCell>
          {valueCurrency ? (
            <TableCell label="Value won" isNumeric>
              {formatMoney(figures.wonValue, valueCurrency)}
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </DataTable>
  );
}
