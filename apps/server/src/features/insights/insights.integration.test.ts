import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimBucketOf, type Insights } from '@leadbell/shared/insights';
import { createFlow, joinedTeammate, onboardedOwner } from '../../../test/owners.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const MINUTE = 60_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, undefined, { clock: createTestClock(NOW) });
});
afterAll(async () => app?.close());

type SeededLead = {
  flowId: string;
  createdAt: Date;
  /** Minutes from the timer's start to the first claim; null: never claimed. */
  claimedAfterMinutes: number | null;
  claimedBy: string | null;
  targetMinutes: number;
  escalated: boolean;
  isTest?: boolean;
};

/** What percentile_disc means: the first value whose rank covers the fraction. */
function percentileDisc(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** The figures computed here, from the seed, without the server's SQL. */
function expectedFigures(leads: SeededLead[]) {
  const real = leads.filter((lead) => !lead.isTest);
  const seconds = real
    .filter((lead) => lead.claimedAfterMinutes !== null)
    // At insights' resolution.
    .map((lead) => claimBucketOf(lead.claimedAfterMinutes! * 60));
  const within = real.filter(
    (lead) => lead.claimedAfterMinutes !== null && lead.claimedAfterMinutes <= lead.targetMinutes,
  );
  // Unanswered once its target passed (it was escalated then); a lead still inside it is waiting.
  const waiting = real.filter((lead) => lead.claimedAfterMinutes === null && !lead.escalated).length;
  const figures = {
    received: real.length,
    answeredWithinTarget: within.length,
    answeredLate: real.filter(
      (lead) => lead.claimedAfterMinutes !== null && lead.claimedAfterMinutes > lead.targetMinutes,
    ).length,
    answeredWithinTargetRate: real.length > waiting ? within.length / (real.length - waiting) : null,
    medianSecondsToClaim: percentileDisc(seconds, 0.5),
    p90SecondsToClaim: percentileDisc(seconds, 0.9),
    unanswered: real.filter((lead) => lead.claimedAfterMinutes === null && lead.escalated).length,
    waiting,
    escalated: real.filter((lead) => lead.escalated).length,
  };
  // Every lead is in exactly one bucket (issue 49).
  expect(figures.answeredWithinTarget + figures.answeredLate + figures.unanswered + figures.waiting).toBe(
    figures.received,
  );
  return figures;
}

async function seed(entityId: string, leads: SeededLead[]) {
  for (const lead of leads) {
    const claimedAt =
      lead.claimedAfterMinutes === null ? null : new Date(lead.createdAt.getTime() + lead.claimedAfterMinutes * MINUTE);
    await app.pool.query(
      `insert into notifications (entity_id, flow_id, title, message, created_at, is_test, response_started_at,
                                  response_target_seconds, first_claimed_at, first_claimed_by, claimed_at, claimed_by,
                                  lead_status, escalation_stage)
       values ($1, $2, 'Lead', 'Message', $3, $4, $5, $6, $7, $8, $7, $8, $9, $10)`,
      [
        entityId,
        lead.flowId,
        lead.createdAt,
        lead.isTest ?? false,
        lead.isTest ? null : lead.createdAt,
        lead.isTest ? null : lead.targetMinutes * 60,
        claimedAt,
        lead.claimedBy,
        claimedAt ? 'claimed' : 'open',
        lead.escalated ? 1 : 0,
      ],
    );
  }
}

describe('insights › speed-to-lead from the leads themselves', () => {
  it('every figure matches a history computed independently, for the team, each flow and each member', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
    const adminId = (await admin.client.get('/v1/me')).body.user.id as string;
    await admin.client.patch(`/v1/entities/${admin.entityId}`, { timeZone: 'America/New_York' });
    const contact = await createFlow(admin.client, { name: 'Contact form' });
    const booking = await createFlow(admin.client, { name: 'Bookings' });

    // 40 leads over the last 12 days, a spread of answers, plus tests and an old one outside 7 days.
    const leads: SeededLead[] = [];
    for (let index = 0; index < 40; index += 1) {
      const claimedAfterMinutes = index % 7 === 0 ? null : (index * 37) % 95;
      leads.push({
        flowId: index % 3 === 0 ? booking : contact,
        createdAt: new Date(NOW.getTime() - (index * 7 + 1) * 60 * MINUTE),
        claimedAfterMinutes,
        claimedBy: claimedAfterMinutes === null ? null : index % 2 ? adminId : member.userId,
        targetMinutes: index % 3 === 0 ? 15 : 5,
        escalated: claimedAfterMinutes === null || claimedAfterMinutes > 5,
      });
    }
    // Two minutes old, nobody on it yet: inside its five minutes, so not unanswered (issue 25).
    leads.push({
      flowId: contact,
      createdAt: new Date(NOW.getTime() - 2 * MINUTE),
      claimedAfterMinutes: null,
      claimedBy: null,
      targetMinutes: 5,
      escalated: false,
    });
    leads.push({
      flowId: contact,
      createdAt: new Date(NOW.getTime() - MINUTE),
      claimedAfterMinutes: 1,
      claimedBy: adminId,
      targetMinutes: 5,
      escalated: false,
      isTest: true,
    });
    await seed(admin.entityId, leads);

    // Windows are whole days in New York, today (Monday 23 November, 07:00 there) included.
    const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
    const week = (await admin.client.get('/v1/insights?days=7')).body as Insights;
    const inWeek = leads.filter((lead) => dayOf(lead.createdAt) >= '2026-11-17');
    expect(week).toMatchObject({
      days: 7,
      from: '2026-11-17T05:00:00.000Z',
      to: NOW.toISOString(),
      timeZone: 'America/New_York',
    });
    expect(week.totals).toEqual(expectedFigures(inWeek));
    for (const [flowId, name] of [
      [contact, 'Contact form'],
      [booking, 'Bookings'],
    ] as const) {
      expect(week.flows.find((flow) => flow.flowId === flowId)).toEqual({
        flowId,
        name,
        ...expectedFigures(inWeek.filter((lead) => lead.flowId === flowId)),
      });
    }
    for (const [userId, name] of [
      [adminId, 'Ann Owner'],
      [member.userId, 'Bo Member'],
    ] as const) {
      const theirs = expectedFigures(inWeek.filter((lead) => lead.claimedBy === userId));
      expect(week.members.find((row) => row.userId === userId)).toEqual({
        userId,
        name,
        claimed: theirs.received,
        claimedWithinTarget: theirs.answeredWithinTarget,
        medianSecondsToClaim: theirs.medianSecondsToClaim,
        p90SecondsToClaim: theirs.p90SecondsToClaim,
        callsAnswered: 0,
        callsMissed: 0,
      });
    }

    const real = inWeek.filter((lead) => !lead.isTest);
    const days = [...new Set(real.map((lead) => dayOf(lead.createdAt)))].sort();
    expect(week.daily.map((day) => day.date)).toEqual(days);
    for (const day of week.daily) {
      const those = real.filter((lead) => dayOf(lead.createdAt) === day.date);
      expect(day).toEqual({
        date: day.date,
        received: those.length,
        answeredWithinTarget: expectedFigures(those).answeredWithinTarget,
        answeredLate: those.filter(
          (lead) => lead.claimedAfterMinutes !== null && lead.claimedAfterMinutes > lead.targetMinutes,
        ).length,
        unanswered: expectedFigures(those).unanswered,
      });
    }
    const claimedMinutes = real
      .filter((lead) => lead.claimedAfterMinutes !== null)
      .map((lead) => lead.claimedAfterMinutes!);
    expect(week.histogram.map((bucket) => bucket.count)).toEqual([
      claimedMinutes.filter((m) => m < 1).length,
      claimedMinutes.filter((m) => m >= 1 && m < 5).length,
      claimedMinutes.filter((m) => m >= 5 && m < 15).length,
      claimedMinutes.filter((m) => m >= 15 && m < 60).length,
      claimedMinutes.filter((m) => m >= 60 && m < 240).length,
      claimedMinutes.filter((m) => m >= 240).length,
    ]);

    // A member sees the team's and flows' figures, and of the members only their own.
    const theirView = (await member.client.get('/v1/insights?days=7')).body as Insights;
    expect(theirView.totals).toEqual(week.totals);
    expect(theirView.members.map((row) => row.userId)).toEqual([member.userId]);

    const month = (await admin.client.get('/v1/insights?days=30')).body as Insights;
    expect(month.totals).toEqual(expectedFigures(leads));
  });

  it('an empty history has zeros and no medians; a bad period answers 400', async () => {
    const admin = await onboardedOwner(app);
    const empty = (await admin.client.get('/v1/insights?days=90')).body as Insights;
    expect(empty.totals).toEqual({
      received: 0,
      answeredWithinTarget: 0,
      answeredLate: 0,
      answeredWithinTargetRate: null,
      medianSecondsToClaim: null,
      p90SecondsToClaim: null,
      unanswered: 0,
      waiting: 0,
      escalated: 0,
    });
    expect(empty.flows).toEqual([]);
    const bad = await admin.client.get('/v1/insights?days=14');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.days).toEqual(['Days must be 7, 30 or 90.']);
  });
});
