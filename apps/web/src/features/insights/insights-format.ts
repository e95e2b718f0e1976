import type { Insights } from '@leadbell/shared/insights';

/** 45 → "45 s", 150 → "2 min 30 s", 3600 → "1 h", 93_600 → "1 d 2 h"; null (nothing claimed) → "–". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const units: [number, string][] =
    seconds < 3600
      ? [
          [Math.floor(seconds / 60), 'min'],
          [seconds % 60, 's'],
        ]
      : seconds < 86_400
        ? [
            [Math.floor(seconds / 3600), 'h'],
            [Math.floor((seconds % 3600) / 60), 'min'],
          ]
        : [
            [Math.floor(seconds / 86_400), 'd'],
            [Math.floor((seconds % 86_400) / 3600), 'h'],
          ];
  return units
    .filter(([value], index) => index === 0 || value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ');
}

/** 0.8333 → "83%"; null (no leads) → "–". */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

/** A share of a count as a percentage, for members' rows: 5 of 6 → "83%". */
export function rateOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export type DailyPoint = {
  date: string;
  received: number;
  answeredWithinTarget: number;
  answeredLate: number;
  unanswered: number;
};

function localDate(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at));
}

/**
 * Every local day of the period, with zeros where no lead arrived (the API lists only days with
 * leads). A day's leads still inside their target are in `received` only.
 */
export function dailySeries({ from, to, timeZone, daily }: Pick<Insights, 'from' | 'to' | 'timeZone' | 'daily'>) {
  const byDate = new Map(daily.map((day) => [day.date, day]));
  const first = localDate(from, timeZone);
  const last = localDate(to, timeZone);
  const points: DailyPoint[] = [];
  // Calendar arithmetic on the dates themselves, at UTC noon: no zone or DST shift can skip a day.
  for (let day = new Date(`${first}T12:00:00Z`); ; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    if (date > last) break;
    const figures = byDate.get(date);
    const received = figures?.received ?? 0;
    const answeredWithinTarget = figures?.answeredWithinTarget ?? 0;
    points.push({
      date,
      received,
      answeredWithinTarget,
      answeredLate: figures?.answeredLate ?? 0,
      unanswered: figures?.unanswered ?? 0,
    });
  }
  return points;
}

/** "2026-11-17" → "17 Nov", in English as the rest of the console. */
export function formatDay(date: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }) {
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** An amount won in the entity's currency, always with its symbol or code: "£2,350", "40 XYZ". */
export function formatMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  } catch {
    // A currency code the browser does not know: the number and the code.
    return `${new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(value)} ${currency}`;
  }
}

/** Won out of the leads with an outcome, so a rate always reads with its sample: "2 of 3". */
export function formatWonOf({ won, withOutcome }: { won: number; withOutcome: number }): string {
  return `${won} of ${withOutcome}`;
}
