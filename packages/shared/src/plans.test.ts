import { describe, expect, it } from 'vitest';
import { getPlan, PLAN_IDS, PLANS, PlanIdSchema, type PlanId } from './plans.ts';

describe('plans', () => {
  it('the catalogue has the four plans of spec section 9, in order', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual(['starter', 'growth', 'pro', 'elite']);
    expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
  });

  it("volumes, users and overage rates are the spec's; prices are the page's (docs/decisions/009-plan-prices.md)", () => {
    expect(
      PLANS.map(({ id, priceUsd, includedNotifications, includedUsers, overageUsd }) => ({
        id,
        priceUsd,
        includedNotifications,
        includedUsers,
        overageUsd,
      })),
    ).toEqual([
      { id: 'starter', priceUsd: 0, includedNotifications: 20, includedUsers: 1, overageUsd: null },
      { id: 'growth', priceUsd: 9, includedNotifications: 1_000, includedUsers: 1, overageUsd: 0.02 },
      { id: 'pro', priceUsd: 45, includedNotifications: 5_000, includedUsers: 3, overageUsd: 0.02 },
      { id: 'elite', priceUsd: 89, includedNotifications: 10_000, includedUsers: 5, overageUsd: 0.01 },
    ]);
  });

  it('every plan has a title and a description', () => {
    for (const plan of PLANS) {
      expect(plan.title.length).toBeGreaterThan(0);
      expect(plan.description.length).toBeGreaterThan(0);
    }
  });

  it('getPlan finds each plan by id and throws for an id outside the catalogue', () => {
    for (const id of PLAN_IDS) expect(getPlan(id).id).toBe(id);
    expect(() => getPlan('platinum' as PlanId)).toThrow('Unknown plan platinum');
  });

  it("PlanIdSchema accepts the catalogue's ids only, with the spec's message otherwise", () => {
    for (const id of PLAN_IDS) expect(PlanIdSchema.parse(id)).toBe(id);
    const result = PlanIdSchema.safeParse('free');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Please select a plan.');
  });
});
