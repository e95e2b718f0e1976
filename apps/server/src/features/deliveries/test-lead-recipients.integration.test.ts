import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** The people a lead's deliveries went to, once the worker queued them (one statement queues them all). */
async function recipientsOf(notificationId: string): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await app.pool.query<{ user_id: string }>(
      'select distinct user_id from deliveries where notification_id = $1 order by user_id',
      [notificationId],
    );
    if (rows.length > 0) return rows.map((row) => row.user_id);
    if (Date.now() > deadline) throw new Error(`No delivery was queued for ${notificationId}`);
    await sleep(50);
  }
}

/** The console's "Send a test lead": the page's key, from the console's origin, with the member's session. */
async function consoleTestLead(person: { client: HttpClient }, apiKey: string, flowId: string) {
  const response = await person.client.post(
    '/v1/notify',
    { flowId, test: true, data: { name: 'Sample' } },
    { 'x-api-key': apiKey },
  );
  expect(response.status).toBe(202);
  return response.body.id as string;
}

// Issue 49: a test lead is the sender's own check that Leadbell reaches them; the rest of the
// team is not rung for it.
describe('deliveries › who a test lead rings', () => {
  it('a test sent from the console rings the member who sent it alone; a real lead rings everyone', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const member = await joinedTeammate(app, owner, { name: 'Mo Member' });
    const otherAdmin = await joinedTeammate(app, owner, { name: 'Ada Admin', role: 'admin' });
    const ownerId = (await owner.client.get('/v1/me')).body.user.id as string;
    const flowId = await createFlow(owner.client);

    const mailsBefore = app.smtp.count();
    const test = await consoleTestLead(member, owner.apiKey, flowId);
    expect(await recipientsOf(test)).toEqual([member.userId]);
    await app.smtp.waitForMail(member.email, { after: mailsBefore });
    expect(app.smtp.received.slice(mailsBefore).flatMap((mail) => mail.to)).toEqual([member.email.toLowerCase()]);

    const real = await notify(app, owner.apiKey, { flowId, data: { name: 'Real' } });
    expect(await recipientsOf(real.id)).toEqual([ownerId, member.userId, otherAdmin.userId].sort());
  });

  it('a test sent with the API key alone (no person) rings the admins, who hold the keys', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const member = await joinedTeammate(app, owner, { name: 'Mo Member' });
    const otherAdmin = await joinedTeammate(app, owner, { name: 'Ada Admin', role: 'admin' });
    const ownerId = (await owner.client.get('/v1/me')).body.user.id as string;
    const flowId = await createFlow(owner.client);

    const test = await notify(app, owner.apiKey, { flowId, test: true, data: { name: 'Sample' } });
    expect(await recipientsOf(test.id)).toEqual([ownerId, otherAdmin.userId].sort());
    expect(await recipientsOf(test.id)).not.toContain(member.userId);
  });

  it('a console test with the session of another business rings this one’s admins, never that person', async () => {
    const owner = await onboardedOwner(app);
    const ownerId = (await owner.client.get('/v1/me')).body.user.id as string;
    const stranger = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);

    const test = await consoleTestLead(stranger, owner.apiKey, flowId);
    expect(await recipientsOf(test)).toEqual([ownerId]);
  });
});
