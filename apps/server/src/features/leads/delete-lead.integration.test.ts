import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../../test/event-stream.ts';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 25: an admin deletes a lead; it leaves every list, count, export and the insights, and can
// be restored for 30 days, after which the scheduler deletes it for good.

const DAY_MS = 86_400_000;

let app: TestApp;
beforeAll(async () => {
  // The scheduler ticks every second here, so the purge runs while the tests look.
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000', SCHEDULER_INTERVAL_SECONDS: '1' });
});
afterAll(async () => app?.close());

async function team() {
  const admin = await onboardedOwner(app, { plan: 'pro' });
  const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
  const flowId = await createFlow(admin.client);
  return { admin, member, flowId };
}

type Team = Awaited<ReturnType<typeof team>>;

async function lead({ admin, flowId }: Team, name: string): Promise<string> {
  return (await notify(app, admin.apiKey, { flowId, data: { name } })).id;
}

/** Everywhere a lead shows, as the admin and the member read it. */
async function everywhere({ admin, member, flowId }: Team) {
  const ids = async (client: HttpClient, query: string) =>
    ((await client.get(`/v1/leads${query}`)).body.data as Array<{ id: string }>).map((row) => row.id);
  const exported = await fetch(`${app.baseUrl}/v1/leads/export.csv?filter=all`, {
    headers: { cookie: cookieOf(admin.client) },
  });
  const history = await admin.client.get(`/v1/flows/${flowId}/notifications`);
  const insights = await admin.client.get('/v1/insights?days=7');
  return {
    all: await ids(admin.client, '?filter=all'),
    open: await ids(admin.client, '?filter=open'),
    mine: await ids(member.client, '?filter=mine'),
    search: await ids(admin.client, '?q=cy'),
    counts: {
      admin: (await admin.client.get('/v1/leads/counts')).body,
      member: (await member.client.get('/v1/leads/counts')).body,
    },
    exportRows: (await exported.text()).trimEnd().split('\r\n').slice(1),
    history: (history.body.Notifications as Array<{ id: string }>).map((row) => row.id),
    insights: {
      totals: insights.body.totals,
      flow: insights.body.flows.find((flow: { flowId: string }) => flow.flowId === flowId),
    },
  };
}

async function escalationsOf(notificationId: string): Promise<number> {
  const { rows } = await app.pool.query(
    'select count(*)::int as count from lead_escalations where notification_id = $1',
    [notificationId],
  );
  return rows[0].count as number;
}

describe('leads › delete and restore', () => {
  it('a deleted lead leaves the inbox, its counts, the export, the flow’s notifications and the insights; restore brings it back', async () => {
    const crew = await team();
    const { admin, member } = crew;
    const cy = await lead(crew, 'Cy');
    const di = await lead(crew, 'Di');
    expect((await member.client.post(`/v1/leads/${cy}/claim`)).status).toBe(200);
    // Counted in the insights and escalating once the worker took both in (decision 038).
    await expect.poll(async () => (await admin.client.get('/v1/insights?days=7')).body.totals.received).toBe(2);
    await expect.poll(() => escalationsOf(cy)).toBe(1);
    await expect.poll(async () => (await everywhere(crew)).search).toEqual([cy]);
    const before = await everywhere(crew);
    expect(before).toMatchObject({
      all: [di, cy],
      open: [di],
      mine: [cy],
      counts: { admin: { open: 1, mine: 0 }, member: { open: 1, mine: 1 } },
      history: [di, cy],
      insights: { totals: { received: 2 }, flow: { received: 2 } },
    });
    expect(before.exportRows).toHaveLength(2);

    const deleted = await admin.client.post(`/v1/leads/${cy}/delete`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      id: cy,
      deletedAt: expect.any(String),
      deletedBy: { userId: expect.any(String), name: 'Ann Owner' },
      restorableUntil: expect.any(String),
    });
    expect(Date.parse(deleted.body.restorableUntil) - Date.parse(deleted.body.deletedAt)).toBe(30 * DAY_MS);

    const after = await everywhere(crew);
    expect(after).toMatchObject({
      all: [di],
      open: [di],
      mine: [],
      search: [],
      counts: { admin: { open: 1, mine: 0 }, member: { open: 1, mine: 0 } },
      history: [di],
      insights: { totals: { received: 1 }, flow: { received: 1 } },
    });
    expect(after.exportRows).toHaveLength(1);
    expect(after.exportRows[0]).toContain('New lead: Di');
    // Gone for every other call too; it no longer escalates.
    for (const path of ['', '/events']) expect((await admin.client.get(`/v1/leads/${cy}${path}`)).status).toBe(404);
    expect((await admin.client.get(`/v1/notifications/${cy}/deliveries`)).status).toBe(404);
    for (const action of ['claim', 'done', 'release', 'seen', 'spam', 'not-spam', 'ring'])
      expect((await member.client.post(`/v1/leads/${cy}/${action}`)).status, action).toBe(404);
    expect((await admin.client.post(`/v1/leads/${cy}/delete`)).status).toBe(404);
    expect(await escalationsOf(cy)).toBe(0);

    const restored = await admin.client.post(`/v1/leads/${cy}/restore`);
    expect(restored.status).toBe(200);
    // Released when it was deleted: nobody is on it any more.
    expect(restored.body).toMatchObject({ id: cy, status: 'open', claimedBy: null, claimedAt: null });
    const back = await everywhere(crew);
    expect(back).toMatchObject({
      all: [di, cy],
      open: [di, cy],
      mine: [],
      search: [cy],
      counts: { admin: { open: 2, mine: 0 }, member: { open: 2, mine: 0 } },
      history: [di, cy],
    });
    // Its first claim still counts: the figures are the ones from before the delete.
    expect(back.insights).toEqual(before.insights);
    expect(back.exportRows).toHaveLength(2);

    const timeline = (await member.client.get(`/v1/leads/${cy}/events`)).body.timeline as Array<{
      kind: string;
      person: { name: string } | null;
    }>;
    expect(timeline.filter((entry) => ['claimed', 'deleted', 'restored'].includes(entry.kind))).toEqual([
      expect.objectContaining({ kind: 'claimed', person: expect.objectContaining({ name: 'Bo Member' }) }),
      expect.objectContaining({ kind: 'deleted', person: expect.objectContaining({ name: 'Ann Owner' }) }),
      expect.objectContaining({ kind: 'restored', person: expect.objectContaining({ name: 'Ann Owner' }) }),
    ]);
    // Restoring a lead that is not deleted changes nothing.
    const again = await admin.client.post(`/v1/leads/${cy}/restore`);
    expect(again.status).toBe(200);
    expect((await admin.client.get(`/v1/leads/${cy}/events`)).body.timeline.at(-1).kind).toBe('restored');
  });

  it('a member gets 403; another business’s admin and a malformed id get 404', async () => {
    const crew = await team();
    const cy = await lead(crew, 'Cy');
    const other = await onboardedOwner(app, { entityName: 'Other Business' });

    for (const action of ['delete', 'restore']) {
      const refused = await crew.member.client.post(`/v1/leads/${cy}/${action}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      expect((await other.client.post(`/v1/leads/${cy}/${action}`)).status).toBe(404);
      expect((await crew.admin.client.post(`/v1/leads/not-a-lead/${action}`)).status).toBe(404);
      expect((await crew.admin.client.post(`/v1/leads/00000000-0000-4000-8000-000000000000/${action}`)).status).toBe(
        404,
      );
    }
    expect((await crew.admin.client.get(`/v1/leads/${cy}`)).status).toBe(200);

    // Deleted by its own admin, it is not another business's to restore either.
    expect((await crew.admin.client.post(`/v1/leads/${cy}/delete`)).status).toBe(200);
    expect((await other.client.post(`/v1/leads/${cy}/restore`)).status).toBe(404);
    expect((await crew.member.client.post(`/v1/leads/${cy}/restore`)).status).toBe(403);
    expect((await crew.admin.client.get(`/v1/leads/${cy}`)).status).toBe(404);
  });
});

describe('leads › deleted for good after 30 days', () => {
  it('the scheduler deletes the leads deleted over 30 days ago, and nothing else; those cannot be restored', async () => {
    const crew = await team();
    const [expired, recent, old] = [await lead(crew, 'Expired'), await lead(crew, 'Recent'), await lead(crew, 'Old')];
    const kept = await lead(crew, 'Kept');
    for (const id of [expired, recent, kept])
      expect((await crew.admin.client.post(`/v1/leads/${id}/delete`)).status).toBe(200);
    const setBack = (column: 'deleted_at' | 'created_at', id: string, days: number) =>
      app.pool.query(`update notifications set ${column} = now() - make_interval(days => $2) where id = $1`, [
        id,
        days,
      ]);
    await setBack('deleted_at', expired, 31);
    await setBack('deleted_at', recent, 29);
    // Received long ago but never deleted: a lead like any other.
    await setBack('created_at', old, 45);

    // Past its 30 days it cannot be restored, whether or not the scheduler has been by.
    expect((await crew.admin.client.post(`/v1/leads/${expired}/restore`)).status).toBe(404);
    const exists = async (id: string) =>
      (await app.pool.query('select 1 from notifications where id = $1', [id])).rowCount === 1;
    await expect.poll(() => exists(expired), { timeout: 10_000 }).toBe(false);
    expect(await exists(recent)).toBe(true);
    expect(await exists(kept)).toBe(true);
    expect((await crew.admin.client.get(`/v1/leads/${old}`)).status).toBe(200);
    expect((await crew.admin.client.post(`/v1/leads/${recent}/restore`)).body).toMatchObject({
      id: recent,
      status: 'open',
    });
  });
});
