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
  /** A flow's or a member's row, whose claim times these are. */
  speed: { medianSecondsToClaim: number | null; p90SecondsToClaim: number | null };
};

/** How fast a flow's leads or a member's claims were answered: the columns both figure tables show. */
export function ClaimSpeedCells({ withinTargetRate, withinTarget, speed }: ClaimSpeedCellsProps) {
  return (
    <>
      <TableCell label="Within target" isNumeric>
        <span>
          {formatRate(withinTargetRate)} <span className="text-slate-500">({withinTarget})</span>
        </span>
      </TableCell>
      <TableCell label="Median" isNumeric>
        {formatDuration(speed.medianSecondsToClaim)}
      </TableCell>
      <TableCell label="90th pct." isNumeric>
        {formatDuration(speed.p90SecondsToClaim)}
      </TableCell>
    </>
  );
}
