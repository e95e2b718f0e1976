import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { membersRungFor } from '../../../test/accepted-leads.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => {
  await app?.close();
});

const rungOf = (leadId: string) => membersRungFor(app.pool, leadId);

describe('availability › away', () => {
  it('an away member is not rung; when everyone is away, everyone is; back, rung again', async () => {
    // Pro: room for a teammate.
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const ownerId = (await owner.client.get('/v1/me')).body.user.id as string;
    const teammate = await joinedTeammate(app, owner);
    const flowId = await createFlow(owner.client);
    const both = [ownerId, teammate.userId].sort();

    expect(await rungOf((await notify(app, owner.apiKey, { flowId, data: { name: 'A' } })).id)).toEqual(both);

    const away = await teammate.client.put('/v1/me/availability', { away: true });
    expect(away.status).toBe(200);
    expect(away.body).toEqual({ away: true, awaySince: expect.any(String) });
    expect((await teammate.client.get('/v1/me/availability')).body).toEqual(away.body);
    // Away again keeps the time it was first set.
    expect((await teammate.client.put('/v1/me/availability', { away: true })).body).toEqual(away.body);
    const team = (await owner.client.get('/v1/team')).body;
    expect(team.members.map((member: { userId: string; isAway: boolean }) => [member.userId, member.isAway])).toEqual(
      expect.arrayContaining([
        [ownerId, false],
        [teammate.userId, true],
      ]),
    );
    expect(await rungOf((await notify(app, owner.apiKey, { flowId, data: { name: 'B' } })).id)).toEqual([ownerId]);

    // Nothing is silent: with every member away, every member is rung.
    expect((await owner.client.put('/v1/me/availability', { away: true })).status).toBe(200);
    expect(await rungOf((await notify(app, owner.apiKey, { flowId, data: { name: 'C' } })).id)).toEqual(both);

    expect((await owner.client.put('/v1/me/availability', { away: false })).body).toEqual({
      away: false,
      awaySince: null,
    });
    expect(await rungOf((await notify(app, owner.apiKey, { flowId, data: { name: 'D' } })).id)).toEqual([ownerId]);
    expect((await teammate.client.put('/v1/me/availability', { away: false })).status).toBe(200);
    expect(await rungOf((await notify(app, owner.apiKey, { flowId, data: { name: 'E' } })).id)).toEqual(both);
  });

  it('a bad body answers 400 with the field’s message; signed out answers 401', async () => {
    const owner = await onboardedOwner(app);
    const response = await owner.client.put('/v1/me/availability', { away: 'yes' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields.away).toEqual(['away is true or false.']);
    const signedOut = await fetch(`${app.baseUrl}/v1/me/availability`);
    expect(signedOut.status).toBe(401);
  });
});
