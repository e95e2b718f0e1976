import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

// Issue 25: the inbox's tabs say how many leads wait in each view; a test lead is not a customer
// waiting, so it is not counted as open (it is still listed, badged).
describe('leads › counts', () => {
  it('open without tests, mine for the viewer, spam; another business counts its own', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
    const other = await onboardedOwner(app);
    const flowId = await createFlow(admin.client);
    const [ann, bo] = [
      await notify(app, admin.apiKey, { flowId, data: { name: 'Ann' } }),
      await notify(app, admin.apiKey, { flowId, data: { name: 'Bo' } }),
    ];
    await notify(app, admin.apiKey, { flowId, data: { name: 'Cy' } });
    await notify(app, admin.apiKey, { flowId, test: true, data: { name: 'Test' } });
    expect((await member.client.post(`/v1/leads/${ann.id}/claim`)).status).toBe(200);
    expect((await admin.client.post(`/v1/leads/${bo.id}/spam`)).status).toBe(200);

    expect((await admin.client.get('/v1/leads/counts')).body).toEqual({ open: 1, mine: 0, spam: 1 });
    expect((await member.client.get('/v1/leads/counts')).body).toEqual({ open: 1, mine: 1, spam: 1 });
    // The test lead is listed among the open ones all the same.
    const open = (await admin.client.get('/v1/leads?filter=open')).body.data as Array<{ isTest: boolean }>;
    expect(open.map((lead) => lead.isTest).sort()).toEqual([false, true]);
    expect((await other.client.get('/v1/leads/counts')).body).toEqual({ open: 0, mine: 0, spam: 0 });
  });
});
