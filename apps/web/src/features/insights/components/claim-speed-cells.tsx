import { TableCell } from '../../../components/ui/table.tsx';
import { formatDuration, formatRate } from '../insights-format.ts';

/** The columns of ClaimSpeedCells. */
export const CLAIM_SPEED_COLUMNS = [
  { label: 'Within target', isNumeric: true },
  { label: 'Median', isNumeric: true },
  { label: '90th pct.', isNumeric: true },
];

type ClaimSpeedCellsProps = {
  withinTargetRate: number | null;
  withinTarget: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
};

/** How fast a flow's leads or a member's claims were answered: the columns both figure tables show. */
export function ClaimSpeedCells({ withinTargetRate, withinTarget, medianSeconds, p90Seconds }: ClaimSpeedCellsProps) {
  return (
    <>
      <TableCell label="Within target" isNumeric>
        <span>
          {formatRate(withinTargetRate)} <span className="text-slate-500">({withinTarget})</span>
        </span>
      </TableCell>
      <TableCell label="Median" isNumeric>
        {formatDuration(medianSeconds)}
      </TableCell>
      <TableCell label="90th pct." isNumeric>
        {formatDuration(p90Seconds)}
      </TableCell>
    </>
  );
}
