import { describe, expect, it } from 'vitest';
import { hasFreeSeat, nextPlanWithMoreSeats, seatLimitMessage, seatsOf, seatsUsedLabel } from './team.ts';

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

  it('seats read as "2 of 3 seats used", and a full plan has no free seat', () => {
    expect(seatsUsedLabel({ used: 2, included: 3 })).toBe('2 of 3 seats used');
    expect(seatsUsedLabel({ used: 1, included: 1 })).toBe('1 of 1 seat used');
    expect(hasFreeSeat({ used: 2, included: 3 })).toBe(true);
    expect(hasFreeSeat({ used: 3, included: 3 })).toBe(false);
    expect(hasFreeSeat({ used: 4, included: 3 })).toBe(false);
  });
});
