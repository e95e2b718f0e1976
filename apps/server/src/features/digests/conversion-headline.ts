import { CONVERSION_COMPARISON_MIN, type Conversion, type ConversionFigures } from '@leadbell/shared/insights';

/** How far back the weekly email looks for outcomes: a week rarely holds enough of them. */
export const CONVERSION_HEADLINE_DAYS = 90;

function percent(won: number, of: number): string {
  return `${Math.round((won / of) * 100)}%`;
}

/**
 * The weekly email's first line (issue 26): conversion of the leads answered within 5 minutes
 * against all the others (answered later, or never), when each side has at least
 * CONVERSION_COMPARISON_MIN leads with an outcome (decision 048); null otherwise.
 */
export function conversionHeadline(conversion: Pick<Conversion, 'bands'>): string | null {
  const fast = conversion.bands.filter((band) => band.band === 'under_5m');
  const slow = conversion.bands.filter((band) => band.band !== 'under_5m');
  const sum = (bands: ConversionFigures[]) => ({
    won: bands.reduce((total, band) => total + band.won, 0),
    withOutcome: bands.reduce((total, band) => total + band.withOutcome, 0),
  });
  const within = sum(fast);
  const later = sum(slow);
  if (within.withOutcome < CONVERSION_COMPARISON_MIN || later.withOutcome < CONVERSION_COMPARISON_MIN) return null;
  return (
    `Answered within 5 minutes: ${percent(within.won, within.withOutcome)} won, ` +
    `vs ${percent(later.won, later.withOutcome)} when later ` +
    `(last ${CONVERSION_HEADLINE_DAYS} days: ${within.withOutcome} and ${later.withOutcome} leads with an outcome).`
  );
}
