import { describe, expect, it } from 'vitest';
import { nextPlanWithMoreSeats, seatLimitMessage, seatsOf } from './team.ts';

describe('seats', () => {
  it('each plan sells 1, 1, 3 and 5 seats', () => {
    expect(['starter', 'growth', 'pro', 'elite'].map((plan) => seatsOf(plan as never))).toEqual([1, 1, 3, 5]);
  });

  it('the message names the plan, its seats and the next plan with more', () => {
    expect(seatLimitMessage('pro')).toBe('Your Pro plan includes 3 users. Upgrade to Elite to invite more.');
    expect(seatLimitMessage('growth')).toBe('Your Growth plan includes 1 user. Upgrade to Pro to invite more.');
    expect(nextPlanWithMoreSeats('elite')).toBeNull();
    expect(seatLimitMessage('elite')).toMatch(/^Your Elite plan includes 5 users, the most any plan has/);
  });
});
