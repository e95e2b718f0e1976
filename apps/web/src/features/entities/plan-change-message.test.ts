import { describe, expect, it } from 'vitest';
import { planChangeMessage } from './plan-change-message.ts';

const growth = { plan: 'growth', pendingPlan: null } as const;

describe('planChangeMessage', () => {
  it('plan change › a pending change needs no message: the form shows it with its date', () => {
    expect(planChangeMessage(growth, { ...growth, pendingPlan: 'pro' })).toBeNull();
  });

  it('plan change › choosing the current plan again cancels the pending one', () => {
    expect(planChangeMessage({ ...growth, pendingPlan: 'pro' }, growth)).toBe('Change cancelled: you stay on Growth.');
  });

  it('plan change › a plan applied at once names it', () => {
    expect(planChangeMessage(growth, { ...growth, plan: 'elite' })).toBe('You’re on the Elite plan.');
  });
});
