import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversionFigures, Insights } from '@leadbell/shared/insights';
import type { TrafficSource } from '@leadbell/shared/lead-sources';
import type { LeadOutcome } from '@leadbell/shared/leads';
import { createFlow, joinedTeammate, onboardedOwner } from '../../../test/owners.ts';
import { createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 26, point 7: conversion (Won / leads with an outcome) by response-time band, flow, source
// and first responder, from a seeded history whose every figure is known; and the weekly email's
// first line when there is enough data.

// A Sunday: no weekly email is due while the tests seed.
const NOW = new Date('2026-11-22T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let app: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = createTestClock(NOW);
  app = await startTestApp({ SCHEDULER_INTERVAL_SECONDS: '1' }, undefined, { clock });
});
afterAll(async () => app?.close());

type SeededLead = {
  flowId: string;
  source: TrafficSource | null;
  /** Minutes from the timer's start to the first response; null: never answered. */
  answeredAfterMinutes: number | null;
  answeredBy: string | null;
  outcome: LeadOutcome | null;
  value?: number;
  daysAgo?: number;
  isTest?: boolean;
  isSpam?: boolean;
  isDeleted?: boolean;
};

async function seed(entityId: string, now: Date, leads: SeededLead[]) {
  for (const [index, lead] of leads.entries()) {
    const createdAt = new Date(now.getTime() - (lead.daysAgo ?? 1) * DAY - index * MINUTE);
    const answeredAt =
      lead.answeredAfterMinutes === null ? null : new Date(createdAt.getTime() + lead.answeredAfterMinutes * MINUTE);
    await app.pool.query(
      `insert into notifications (entity_id, flow_id, title, message, created_at, is_test, response_started_at,
                                  response_target_seconds, first_claimed_at, first_claimed_by, claimed_at, claimed_by,
                                  lead_status, traffic_source, outcome, outcome_value, outcome_at, deleted_at)
       values ($1, $2, 'Lead', 'Message', $3, $4, $5, 300, $6, $7, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        entityId,
        lead.flowId,
        createdAt,
        lead.isTest ?? false,
        lead.isTest || lead.isSpam ? null : createdAt,
        answeredAt,
        lead.answeredBy,
        lead.isSpam ? 'spam' : answeredAt ? 'claimed' : 'open',
        lead.source,
        lead.outcome,
        lead.value ?? null,
        // Set after the lead was answered: an outcome is not a response.
        lead.outcome ? new Date(createdAt.getTime() + DAY / 2) : null,
        lead.isDeleted ? createdAt : null,
      ],
    );
  }
}

function figures(leads: number, withOutcome: number, won: number, wonValue: number): ConversionFigures {
  return {
    leads,
    withOutcome,
    won,
    rate: withOutcome > 0 ? won / withOutcome : null,
    isSmallSample: withOutcome < 10,
    wonValue,
  };
}

describe('insights › conversion', () => {
  it('a seeded history gives the exact conversion per band, flow, source and member; tests, spam, deleted and older leads are out', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro', entityName: 'Conversion Homes' });
    const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
    const adminId = (await admin.client.get('/v1/me')).body.user.id as string;
    const memberId = member.userId;
    await admin.client.patch(`/v1/entities/${admin.entityId}`, { timeZone: 'Europe/London' });
    const contact = await createFlow(admin.client, { name: 'Contact form' });
    const quotes = await createFlow(admin.client, { name: 'Quotes' });
    await seed(admin.entityId, NOW, [
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 2,
        answeredBy: adminId,
        outcome: 'won',
        value: 1200,
      },
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 3,
        answeredBy: memberId,
        outcome: 'won',
        value: 800,
      },
      { flowId: contact, source: 'google_ads', answeredAfterMinutes: 4, answeredBy: adminId, outcome: 'lost' },
      { flowId: contact, source: 'organic_search', answeredAfterMinutes: 1, answeredBy: memberId, outcome: 'won' },
      { flowId: quotes, source: 'organic_search', answeredAfterMinutes: 10, answeredBy: adminId, outcome: 'lost' },
      { flowId: quotes, source: 'google_ads', answeredAfterMinutes: 20, answeredBy: memberId, outcome: 'no_answer' },
      { flowId: quotes, source: 'direct', answeredAfterMinutes: 60, answeredBy: adminId, outcome: 'won', value: 300 },
      { flowId: contact, source: 'direct', answeredAfterMinutes: 300, answeredBy: memberId, outcome: 'lost' },
      { flowId: contact, source: 'social', answeredAfterMinutes: null, answeredBy: null, outcome: 'lost' },
      { flowId: quotes, source: 'social', answeredAfterMinutes: null, answeredBy: null, outcome: null },
      { flowId: contact, source: null, answeredAfterMinutes: 2, answeredBy: adminId, outcome: null },
      { flowId: quotes, source: 'referral', answeredAfterMinutes: 29, answeredBy: memberId, outcome: 'won', value: 50 },
      // None of these count: a test, spam, a deleted lead, and one older than 30 days.
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 1,
        answeredBy: adminId,
        outcome: 'won',
        value: 9,
        isTest: true,
      },
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 1,
        answeredBy: adminId,
        outcome: 'won',
        value: 9,
        isSpam: true,
      },
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 1,
        answeredBy: adminId,
        outcome: 'won',
        value: 9,
        isDeleted: true,
      },
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 1,
        answeredBy: adminId,
        outcome: 'won',
        value: 9,
        daysAgo: 40,
      },
    ]);
    await app.pool.query(`update entities set currency = 'GBP' where id = $1`, [admin.entityId]);

    const response = await admin.client.get('/v1/insights?days=30');
    expect(response.status).toBe(200);
    const { conversion } = response.body as Insights;
    expect(conversion.currency).toBe('GBP');
    expect(conversion.totals).toEqual(figures(12, 10, 5, 2350));
    expect(conversion.totals.rate).toBe(0.5);
    expect(conversion.bands).toEqual([
      { band: 'under_5m', label: 'Under 5 min', ...figures(5, 4, 3, 2000) },
      { band: '5_30m', label: '5–30 min', ...figures(3, 3, 1, 50) },
      { band: '30m_4h', label: '30 min–4 h', ...figures(1, 1, 1, 300) },
      { band: 'later', label: 'Later', ...figures(1, 1, 0, 0) },
      { band: 'never', label: 'Never answered', ...figures(2, 1, 0, 0) },
    ]);
    expect(conversion.bands[0]!.rate).toBe(0.75);
    expect(new Map(conversion.sources.map(({ source, ...rest }) => [source, rest]))).toEqual(
      new Map<TrafficSource | null, ConversionFigures>([
        ['google_ads', figures(4, 4, 2, 2000)],
        ['organic_search', figures(2, 2, 1, 0)],
        ['direct', figures(2, 2, 1, 300)],
        ['social', figures(2, 1, 0, 0)],
        ['referral', figures(1, 1, 1, 50)],
        [null, figures(1, 0, 0, 0)],
      ]),
    );
    expect(conversion.sources[0]!.source).toBe('google_ads');
    expect(conversion.flows).toEqual([
      { flowId: contact, name: 'Contact form', ...figures(7, 6, 3, 2000) },
      { flowId: quotes, name: 'Quotes', ...figures(5, 4, 2, 350) },
    ]);
    expect(new Map(conversion.members.map(({ userId, ...rest }) => [userId, rest]))).toEqual(
      new Map([
        [adminId, { name: expect.any(String) as string, ...figures(5, 4, 2, 1500) }],
        [memberId, { name: 'Bo Member', ...figures(5, 5, 3, 850) }],
      ]),
    );

    // The period switch: the last 7 days hold all but the older lead too; a member sees their own row only.
    const week = (await member.client.get('/v1/insights?days=7')).body as Insights;
    expect(week.conversion.totals).toEqual(figures(12, 10, 5, 2350));
    expect(week.conversion.members).toEqual([{ userId: memberId, name: 'Bo Member', ...figures(5, 5, 3, 850) }]);
    const quarter = (await admin.client.get('/v1/insights?days=90')).body as Insights;
    expect(quarter.conversion.totals).toEqual(figures(13, 11, 6, 2359));
  });

  it('without outcomes every rate is null and every sample small', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(admin.client);
    await seed(admin.entityId, NOW, [
      { flowId, source: 'direct', answeredAfterMinutes: 3, answeredBy: null, outcome: null },
    ]);
    const { conversion } = (await admin.client.get('/v1/insights?days=7')).body as Insights;
    expect(conversion.totals).toEqual(figures(1, 0, 0, 0));
    expect(conversion.totals.rate).toBeNull();
    expect(conversion.bands.map((band) => band.leads)).toEqual([1, 0, 0, 0, 0]);
    expect(conversion.members).toEqual([]);
  });
});

describe('digests › the weekly email leads with conversion', () => {
  it('with at least 5 leads with an outcome on each side the first line compares them; with fewer it is left out', async () => {
    const fastWon = (flowId: string, outcome: LeadOutcome, daysAgo: number): SeededLead => ({
      flowId,
      source: 'direct',
      answeredAfterMinutes: 2,
      answeredBy: null,
      outcome,
      daysAgo,
    });
    const slow = (flowId: string, outcome: LeadOutcome, daysAgo: number, minutes: number | null): SeededLead => ({
      flowId,
      source: 'direct',
      answeredAfterMinutes: minutes,
      answeredBy: null,
      outcome,
      daysAgo,
    });
    const enough = await onboardedOwner(app, { plan: 'pro', entityName: 'Enough Data Ltd' });
    const few = await onboardedOwner(app, { plan: 'pro', entityName: 'Few Outcomes Ltd' });
    for (const owner of [enough, few])
      await owner.client.patch(`/v1/entities/${owner.entityId}`, { timeZone: 'Europe/London' });
    const enoughFlow = await createFlow(enough.client);
    const fewFlow = await createFlow(few.client);
    // Over the 90 days before Monday 30 November: answered within 5 minutes, 4 of 6 won; later or never, 1 of 5.
    await seed(enough.entityId, NOW, [
      fastWon(enoughFlow, 'won', 1),
      fastWon(enoughFlow, 'won', 10),
      fastWon(enoughFlow, 'won', 30),
      fastWon(enoughFlow, 'won', 60),
      fastWon(enoughFlow, 'lost', 2),
      fastWon(enoughFlow, 'no_answer', 20),
      slow(enoughFlow, 'won', 3, 45),
      slow(enoughFlow, 'lost', 4, 600),
      slow(enoughFlow, 'lost', 15, 12),
      slow(enoughFlow, 'no_answer', 40, null),
      slow(enoughFlow, 'lost', 80, 7),
      // Older than 90 days: not counted.
      slow(enoughFlow, 'won', 100, 30),
    ]);
    await seed(few.entityId, NOW, [
      fastWon(fewFlow, 'won', 1),
      fastWon(fewFlow, 'won', 2),
      fastWon(fewFlow, 'won', 3),
      fastWon(fewFlow, 'lost', 4),
      fastWon(fewFlow, 'lost', 5),
      fastWon(fewFlow, 'won', 6),
      slow(fewFlow, 'lost', 1, 30),
      slow(fewFlow, 'lost', 2, 30),
      slow(fewFlow, 'lost', 3, 30),
      slow(fewFlow, 'won', 4, null),
    ]);
    const mailsBefore = app.smtp.count();
    const weekly = (email: string) =>
      app.smtp.received
        .slice(mailsBefore)
        .filter((mail) => mail.to.includes(email) && /your week in leads/.test(mail.subject));
    clock.set(new Date('2026-11-30T08:00:30Z')); // Monday 08:00:30 in London.
    await expect.poll(() => weekly(enough.email).length + weekly(few.email).length, { timeout: 15_000 }).toBe(2);

    const enoughText = weekly(enough.email)[0]!.raw.replace(/=\r?\n/g, '');
    expect(enoughText).toContain(
      'Answered within 5 minutes: 67% won, vs 20% when later (last 90 days: 6 and 5 leads with an outcome).',
    );
    // It leads: before the week's figures.
    expect(enoughText.indexOf('Answered within 5 minutes')).toBeLessThan(enoughText.indexOf('Leads: '));
    const fewText = weekly(few.email)[0]!.raw.replace(/=\r?\n/g, '');
    expect(fewText).toContain('Leads: ');
    expect(fewText).not.toContain('Answered within 5 minutes');
  });
});
