import { describe, expect, it } from 'vitest';
import { billingStateOf, createBillingStateMemo } from './billing-state.ts';

const HOUR_MS = 3_600_000;

describe('billing state › remembered per row', () => {
  it('answers as billingStateOf at every moment, across month ends and a pending plan’s start, forwards and back', () => {
    const row = {
      plan: 'pro' as const,
      planSelectedAt: new Date('2026-01-31T10:00:00Z'),
      pendingPlan: 'starter' as const,
      pendingPlanFrom: new Date('2026-04-30T10:00:00Z'),
    };
    const billingOf = createBillingStateMemo<typeof row>();
    const start = new Date('2026-02-20T00:00:00Z').getTime();
    // Every 7 hours for four months, then the same moments backwards: each answer as worked out afresh.
    const moments = Array.from({ length: 420 }, (_, step) => new Date(start + step * 7 * HOUR_MS));
    for (const now of [...moments, ...moments.toReversed()])
      expect(billingOf(row, now)).toEqual(billingStateOf(row, now));
  });

  it('works a changed row out afresh', () => {
    const billingOf = createBillingStateMemo<Parameters<typeof billingStateOf>[0]>();
    const now = new Date('2026-03-10T00:00:00Z');
    const base = {
      plan: 'pro' as const,
      planSelectedAt: new Date('2026-01-05T00:00:00Z'),
      pendingPlan: null,
      pendingPlanFrom: null,
    };
    expect(billingOf(base, now).plan).toBe('pro');
    expect(billingOf({ ...base, plan: 'elite' }, now).plan).toBe('elite');
  });
});
