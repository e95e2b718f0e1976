import type { PlanId } from '@leadbell/shared/plans';
import { getPlan } from '@leadbell/shared/plans';
import { hasFreeSeat, seatLimitMessage, seatsUsedLabel, type Seats } from '@leadbell/shared/team';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';

/** "2 of 3 seats used" with a meter; when full, which plan has more. */
export function SeatsSummary({ seats, plan, planHref }: { seats: Seats; plan: PlanId; planHref: string }) {
  const isFull = !hasFreeSeat(seats);
  return (
    <Card className="mb-6 grid gap-3 p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-base font-semibold text-slate-900">Seats</h2>
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-slate-900 tabular-nums">{seatsUsedLabel(seats)}</span> on your{' '}
          {getPlan(plan).title} plan
        </p>
      </div>
      <Progress
        value={seats.used}
        max={seats.included}
        label="Seats used"
        valueText={seatsUsedLabel(seats)}
        tone={isFull ? 'warning' : 'brand'}
      />
      <p className="text-sm text-slate-500">
        {isFull ? (
          <>
            {seatLimitMessage(plan)}{' '}
            <Link to={planHref} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Choose a plan
            </Link>
          </>
        ) : (
          'Everyone in the team and every open invitation takes a seat.'
        )}
      </p>
    </Card>
  );
}
