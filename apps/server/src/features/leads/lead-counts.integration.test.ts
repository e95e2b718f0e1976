import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

// Issue 25: the inbox's tabs say how many leads wait in each view. A test lead is not a customer
// waiting: it is listed and counted under Tests, in neither Open nor Mine (issue 49).
describe('leads › counts', () => {
  it('open and mine without tests, tests apart, spam; each count is its list’s length; another business counts its own', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
    const other = await onboardedOwner(app);
    const flowId = await createFlow(admin.client);
    const [ann, bo] = [
      await notify(app, admin.apiKey, { flowId, data: { name: 'Ann' } }),
      await notify(app, admin.apiKey, { flowId, data: { name: 'Bo' } }),
    ];
    await notify(app, admin.apiKey, { flowId, data: { name: 'Cy' } });
    const openTest = await notify(app, admin.apiKey, { flowId, test: true, data: { name: 'Test' } });
    const claimedTest = await notify(app, admin.apiKey, { flowId, test: true, data: { name: 'Claimed test' } });
    const doneTest = await notify(app, admin.apiKey, { flowId, test: true, data: { name: 'Done test' } });
    expect((await member.client.post(`/v1/leads/${ann.id}/claim`)).status).toBe(200);
    expect((await member.client.post(`/v1/leads/${claimedTest.id}/claim`)).status).toBe(200);
    expect((await admin.client.post(`/v1/leads/${doneTest.id}/done`)).status).toBe(200);
    expect((await admin.client.post(`/v1/leads/${bo.id}/spam`)).status).toBe(200);

    expect((await admin.client.get('/v1/leads/counts')).body).toEqual({ open: 1, mine: 0, tests: 2, spam: 1 });
    expect((await member.client.get('/v1/leads/counts')).body).toEqual({ open: 1, mine: 1, tests: 2, spam: 1 });
    const listed = async (client: typeof admin.client, filter: string) =>
      ((await client.get(`/v1/leads?filter=${filter}`)).body.data as Array<{ id: string }>).map((lead) => lead.id);
    expect(await listed(admin.client, 'open')).toHaveLength(1);
    expect(await listed(member.client, 'mine')).toEqual([ann.id]);
    expect((await listed(admin.client, 'tests')).sort()).toEqual([openTest.id, claimedTest.id].sort());
    expect(await listed(admin.client, 'done')).toEqual([doneTest.id]);
    expect(await listed(admin.client, 'spam')).toEqual([bo.id]);
    expect((await other.client.get('/v1/leads/counts')).body).toEqual({ open: 0, mine: 0, tests: 0, spam: 0 });
  });
});
