import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { membersRungFor } from '../../../test/accepted-leads.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { advanceTime, createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { until } from '../../../test/until.ts';

// Issue 50: a flow that rings in turn asks one member, then the next after each step while nobody
// claimed the lead, then everyone; the first member takes turns from lead to lead.

const STEP_MS = 60_000;
let app: TestApp;
let clock: TestClock;

beforeAll(async () => {
  clock = createTestClock(new Date());
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' }, undefined, { clock });
});
afterAll(async () => {
  await app?.close();
});

const rungOf = (leadId: string) => membersRungFor(app.pool, leadId);

/** Who the lead's timeline says was asked, in order; null: everyone left. */
async function askedOf(client: HttpClient, leadId: string): Promise<Array<string | null>> {
  const response = await client.get(`/v1/leads/${leadId}/events`);
  expect(response.status).toBe(200);
  return (response.body.timeline as Array<{ kind: string; person: { userId: string } | null }>)
    .filter((entry) => entry.kind === 'asked')
    .map((entry) => entry.person?.userId ?? null);
}

/** Moves the app's clock a step on and waits until the sweep has taken every step now due. */
async function nextStep() {
  await advanceTime(app, clock, STEP_MS);
  await until(
    async () =>
      (await app.pool.query(`select from lead_turns where due_at <= $1`, [clock.now().toISOString()])).rowCount,
    (due) => due === 0,
  );
}

async function teamOfTwo() {
  const owner = await onboardedOwner(app, { plan: 'pro' });
  const ownerId = (await owner.client.get('/v1/me')).body.user.id as string;
  const teammate = await joinedTeammate(app, owner);
  const created = await owner.client.post('/v1/flows', {
    name: 'Contact form',
    title: 'New lead: {{name}}',
    message: '{{name}} wrote: {{question}}',
    ringPolicy: 'in_turn',
    ringStepMinutes: 1,
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ ringPolicy: 'in_turn', ringStepMinutes: 1 });
  return { owner, ownerId, teammate, flowId: created.body.flowId as string };
}

describe('ring in turn', () => {
  it('two members, a 1-minute step: A alone, then B; the next lead reaches B first; a claim stops it', async () => {
    const { owner, ownerId: a, teammate, flowId } = await teamOfTwo();
    const b = teammate.userId;

    const first = await notify(app, owner.apiKey, { flowId, data: { name: 'One' } });
    expect(await rungOf(first.id)).toEqual([a]);
    const second = await notify(app, owner.apiKey, { flowId, data: { name: 'Two' } });
    expect(await rungOf(second.id)).toEqual([b]);
    expect(await askedOf(owner.client, first.id)).toEqual([a]);
    expect(await askedOf(owner.client, second.id)).toEqual([b]);

    // B claims the second lead: its sequence stops there.
    expect((await teammate.client.post(`/v1/leads/${second.id}/claim`, {})).status).toBe(200);
    await nextStep();
    expect(await rungOf(first.id)).toEqual([a, b].sort());
    expect(await askedOf(owner.client, first.id)).toEqual([a, b]);
    expect(await rungOf(second.id)).toEqual([b]);
    expect(await askedOf(owner.client, second.id)).toEqual([b]);

    // Nobody left to ask: everyone is rung (both were), and the sequence ends.
    await nextStep();
    expect(await askedOf(owner.client, first.id)).toEqual([a, b, null]);
    const { rowCount } = await app.pool.query('select from lead_turns where notification_id = any($1)', [
      [first.id, second.id],
    ]);
    expect(rowCount).toBe(0);
  });

  it('an away member is skipped, and is not rung when the sequence ends with everyone', async () => {
    const { owner, teammate, flowId } = await teamOfTwo();
    // The owner would be asked first; away, the teammate is.
    expect((await owner.client.put('/v1/me/availability', { away: true })).status).toBe(200);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Away' } });
    expect(await rungOf(lead.id)).toEqual([teammate.userId]);
    await nextStep();
    expect(await askedOf(owner.client, lead.id)).toEqual([teammate.userId, null]);
    expect(await rungOf(lead.id)).toEqual([teammate.userId]);
  });

  it('a member in their quiet hours is skipped, and rung (silently) only when the sequence ends with everyone', async () => {
    const { owner, ownerId, teammate, flowId } = await teamOfTwo();
    // The owner would be asked first; quiet from a minute ago for two hours on the app's clock (UTC).
    const timeOf = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString().slice(11, 16);
    const quietHours = { start: timeOf(-60_000), end: timeOf(2 * 60 * 60_000) };
    expect((await owner.client.put('/v1/me/delivery-preferences', { quietHours })).status).toBe(200);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Night' } });
    expect(await rungOf(lead.id)).toEqual([teammate.userId]);
    expect(await askedOf(owner.client, lead.id)).toEqual([teammate.userId]);
    await nextStep();
    expect(await askedOf(owner.client, lead.id)).toEqual([teammate.userId, null]);
    expect(await rungOf(lead.id)).toEqual([ownerId, teammate.userId].sort());
  });

  it('a flow rings everyone by default; a step outside 1 to 60 minutes answers 400', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const flow = await owner.client.get(`/v1/flows/${flowId}`);
    expect(flow.body).toMatchObject({ ringPolicy: 'everyone', ringStepMinutes: 2 });
    const tooLong = await owner.client.put(`/v1/flows/${flowId}`, {
      name: 'Contact form',
      title: 'New lead',
      message: 'Someone wrote to us.',
      ringPolicy: 'in_turn',
      ringStepMinutes: 61,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details.fields.ringStepMinutes).toEqual([
      'The next member is asked after 1 to 60 minutes.',
    ]);
    const unknown = await owner.client.put(`/v1/flows/${flowId}`, {
      name: 'Contact form',
      title: 'New lead',
      message: 'Someone wrote to us.',
      ringPolicy: 'loudest',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.fields.ringPolicy).toEqual(['Choose everyone or in_turn.']);
  });
});
