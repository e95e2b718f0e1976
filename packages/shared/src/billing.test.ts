import { describe, expect, it } from 'vitest';
import {
  allowsNotification,
  billingPeriodOf,
  daysLeftIn,
  notificationLimitOf,
  overageOf,
  planInForce,
} from './billing.ts';
import type { PlanId } from './plans.ts';

const at = (iso: string) => new Date(iso);

describe('billingPeriodOf', () => {
  it('runs from the anchor day to the same day next month', () => {
    const period = billingPeriodOf(at('2026-03-10T08:00:00Z'), at('2026-05-20T00:00:00Z'));
    expect(period.start.toISOString()).toBe('2026-05-10T08:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-06-10T08:00:00.000Z');
  });

  it('starts a new period exactly at the anchor time', () => {
    expect(billingPeriodOf(at('2026-03-10T08:00:00Z'), at('2026-04-10T07:59:59Z')).start.toISOString()).toBe(
      '2026-03-10T08:00:00.000Z',
    );
    expect(billingPeriodOf(at('2026-03-10T08:00:00Z'), at('2026-04-10T08:00:00Z')).start.toISOString()).toBe(
      '2026-04-10T08:00:00.000Z',
    );
  });

  it('renews a plan chosen on the 31st on the last day of shorter months', () => {
    const period = billingPeriodOf(at('2026-01-31T12:00:00Z'), at('2026-02-15T00:00:00Z'));
    expect(period.start.toISOString()).toBe('2026-01-31T12:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(billingPeriodOf(at('2026-01-31T12:00:00Z'), at('2026-03-01T00:00:00Z')).end.toISOString()).toBe(
      '2026-03-31T12:00:00.000Z',
    );
  });

  it('crosses the year', () => {
    const period = billingPeriodOf(at('2025-12-05T00:00:00Z'), at('2026-01-04T00:00:00Z'));
    expect(period.start.toISOString()).toBe('2025-12-05T00:00:00.000Z');
  });
});

describe('quota arithmetic', () => {
  it('Starter accepts its 20th notification and refuses the 21st', () => {
    expect(allowsNotification('starter', 20)).toBe(true);
    expect(allowsNotification('starter', 21)).toBe(false);
    expect(notificationLimitOf('starter')).toBe(20);
  });

  it('paid plans accept past the included volume and count the overage at their rate', () => {
    expect(allowsNotification('growth', 5000)).toBe(true);
    expect((['growth', 'pro', 'elite'] satisfies PlanId[]).map(notificationLimitOf)).toEqual([null, null, null]);
    expect(overageOf('growth', 1003)).toEqual({ count: 3, cents: 6 });
    expect(overageOf('elite', 10_250)).toEqual({ count: 250, cents: 250 });
    expect(overageOf('pro', 10)).toEqual({ count: 0, cents: 0 });
  });

  it('counts days left with a started day as left', () => {
    const period = billingPeriodOf(at('2026-03-10T00:00:00Z'), at('2026-04-08T12:00:00Z'));
    expect(daysLeftIn(period, at('2026-04-08T12:00:00Z'))).toBe(2);
  });
});

describe('planInForce', () => {
  const state = {
    plan: 'starter' as const,
    pendingPlan: 'growth' as const,
    pendingPlanFrom: at('2026-05-10T00:00:00Z'),
  };

  it('keeps the current plan until the pending one starts', () => {
    expect(planInForce(state, at('2026-05-09T23:59:59Z'))).toEqual(state);
  });

  it('switches to the pending plan when its billing month starts', () => {
    expect(planInForce(state, at('2026-05-10T00:00:00Z'))).toEqual({
      plan: 'growth',
      pendingPlan: null,
      pendingPlanFrom: null,
    });
  });
});
