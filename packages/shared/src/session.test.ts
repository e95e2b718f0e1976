import { describe, expect, it } from 'vitest';
import { onboardingStepOf } from './session.ts';

describe('onboardingStepOf (spec section 4)', () => {
  it('no entity is the "entity" step', () => {
    expect(onboardingStepOf(null)).toBe('entity');
  });

  it('an entity without a plan is the "plan" step', () => {
    expect(onboardingStepOf({ plan: null })).toBe('plan');
  });

  it('an entity with a plan is "complete"', () => {
    expect(onboardingStepOf({ plan: 'starter' })).toBe('complete');
  });
});
