import { z } from 'zod';

export const PLAN_IDS = ['starter', 'growth', 'pro', 'elite'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS, { error: 'Please select a plan.' });
export type PlanId = z.infer<typeof PlanIdSchema>;

export type Plan = {
  id: PlanId;
  title: string;
  /** USD per month, excluding taxes. The marketing page's prices are the ones shown (see docs/decisions/009-plan-prices.md). */
  priceUsd: number;
  includedNotifications: number;
  includedUsers: number;
  /** USD per notification beyond the included volume; null means the plan stops at its volume. */
  overageUsd: number | null;
  /** Text messages of leads per billing month (decision 053); past it, leads still ring every other way. */
  includedSms: number;
  /** Minutes of lead phone calls per billing month (issue 50); past them, calls are texts instead. */
  includedCallMinutes: number;
  description: string;
};

/** The plan catalogue: one source for the pricing page, onboarding and quota checks. */
export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    title: 'Starter',
    priceUsd: 0,
    includedNotifications: 20,
    includedUsers: 1,
    overageUsd: null,
    includedSms: 0,
    includedCallMinutes: 0,
    description: 'Try Leadbell on one website.',
  },
  {
    id: 'growth',
    title: 'Growth',
    priceUsd: 9,
    includedNotifications: 1_000,
    includedUsers: 1,
    overageUsd: 0.02,
    includedSms: 50,
    includedCallMinutes: 30,
    description: 'For a growing business that answers every lead.',
  },
  {
    id: 'pro',
    title: 'Pro',
    priceUsd: 45,
    includedNotifications: 5_000,
    includedUsers: 3,
    overageUsd: 0.02,
    includedSms: 200,
    includedCallMinutes: 120,
    description: 'For teams sharing the leads.',
  },
  {
    id: 'elite',
    title: 'Elite',
    priceUsd: 89,
    includedNotifications: 10_000,
    includedUsers: 5,
    overageUsd: 0.01,
    includedSms: 1_000,
    includedCallMinutes: 600,
    description: 'For high-volume sites and agencies.',
  },
];

/** Looks a plan up by id; the catalogue is closed, so an unknown id is a programming error. */
export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}
