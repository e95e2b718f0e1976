import { describe, expect, it } from 'vitest';
import { CONVERSION_BANDS, type Conversion } from '@leadbell/shared/insights';
import { conversionHeadline } from './conversion-headline.ts';

function bands(counts: Record<string, [withOutcome: number, won: number]>): Pick<Conversion, 'bands'> {
  return {
    bands: CONVERSION_BANDS.map((band) => {
      const [withOutcome, won] = counts[band.id] ?? [0, 0];
      return {
        band: band.id,
        label: band.label,
        leads: withOutcome,
        withOutcome,
        won,
        rate: withOutcome ? won / withOutcome : null,
        isSmallSample: withOutcome < 10,
        wonValue: 0,
      };
    }),
  };
}

describe('weekly email › conversion headline', () => {
  it('compares within 5 minutes with every later band and never answered', () => {
    expect(conversionHeadline(bands({ under_5m: [8, 6], '5_30m': [3, 1], later: [2, 0], never: [5, 1] }))).toBe(
      'Answered within 5 minutes: 75% won, vs 20% when later (last 90 days: 8 and 10 leads with an outcome).',
    );
  });

  it('needs 5 leads with an outcome on each side', () => {
    expect(conversionHeadline(bands({ under_5m: [4, 4], later: [20, 2] }))).toBeNull();
    expect(conversionHeadline(bands({ under_5m: [20, 10], '30m_4h': [4, 0] }))).toBeNull();
    expect(conversionHeadline(bands({ under_5m: [5, 0], '30m_4h': [5, 5] }))).toBe(
      'Answered within 5 minutes: 0% won, vs 100% when later (last 90 days: 5 and 5 leads with an outcome).',
    );
  });
});
