import { PLANS, getPlan } from '@leadbell/shared/plans';
import { describe, expect, it } from 'vitest';
import {
  formatIncludedNotifications,
  formatIncludedSms,
  formatIncludedUsers,
  formatOverage,
  formatPlanPrice,
} from './plan-format.ts';

describe('plan formatting', () => {
  it('plans › prices read Free and $N/month', () => {
    expect(PLANS.map(formatPlanPrice)).toEqual(['Free', '$9/month', '$45/month', '$89/month']);
  });

  it('plans › included volume uses thousands separators', () => {
    expect(formatIncludedNotifications(getPlan('elite'))).toBe('10,000 notifications / month');
  });

  it('plans › users are pluralised', () => {
    expect(formatIncludedUsers(getPlan('starter'))).toBe('1 user');
    expect(formatIncludedUsers(getPlan('pro'))).toBe('3 users');
  });

  it('plans › overage shows cents, or that the plan stops at its volume', () => {
    expect(formatOverage(getPlan('growth'))).toBe('$0.02 per extra notification');
    expect(formatOverage(getPlan('starter'))).toBe('No extra notifications');
    expect(formatIncludedSms(getPlan('starter'))).toBe('No text messages');
    expect(formatIncludedSms({ includedSms: 1000 })).toBe('1,000 text messages (SMS) a month');
  });
});
