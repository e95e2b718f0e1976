import type { Entity } from '@leadbell/shared/entities';
import { useMemo } from 'react';
import { formatClosureDates, isPastClosure, todayIn } from '../closure-dates.ts';
import { DAYS } from '../days.ts';
import { formatTimeOfDay } from '../time-of-day.ts';

/**
 * The business's hours and coming closures, read-only, on the viewer's clock: what a member sees
 * of the settings only admins change (decision 044).
 */
export function BusinessHoursSummary({ entity }: { entity: Pick<Entity, 'timeZone' | 'businessHours'> }) {
  const { timeZone, businessHours } = entity;
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const zone = timeZone.replaceAll('_', ' ');
  if (!businessHours) {
    return (
      <p className="text-sm text-slate-600">
        Always open: every lead rings the team, day and night. Times are in {zone}.
      </p>
    );
  }
  const closures = (businessHours.closures ?? [])
    .filter((closure) => !isPastClosure(closure, today))
    .sort((a, b) => a.from.localeCompare(b.from));
  return (
    <div className="grid gap-4 text-sm">
      <dl aria-label="Business hours" className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-1.5">
        {DAYS.map(({ day, label }) => (
          <div key={day} className="contents">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="text-slate-900 tabular-nums">
              {businessHours[day].length === 0
                ? 'Closed'
                : businessHours[day].map((opening) => (
                    <span key={opening.open} className="block">
                      {formatTimeOfDay(opening.open)} – {formatTimeOfDay(opening.close)}
                    </span>
                  ))}
            </dd>
          </div>
        ))}
      </dl>
      {closures.length > 0 ? (
        <div className="grid gap-1.5">
          <h3 className="font-medium text-slate-800">Closed on</h3>
          <ul className="grid gap-1 text-slate-900">
            {closures.map((closure) => (
              <li key={`${closure.from} ${closure.to ?? ''}`}>
                {formatClosureDates(closure, { today })}
                {closure.label ? <span className="text-slate-500">: {closure.label}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-slate-500">Times are in {zone}.</p>
    </div>
  );
}
