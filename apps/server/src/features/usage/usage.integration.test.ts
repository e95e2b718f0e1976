import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_WARNING } from '@leadbell/shared/notifications';
import { createHttpClient, type JsonResponse } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner, signedInOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

async function ownerWithFlow(plan: string) {
  const owner = await onboardedOwner(app, { plan });
  const flowId = await createFlow(owner.client);
  const site = createHttpClient(app, { bearer: owner.apiKey });
  return { ...owner, flowId, notify: () => site.post('/v1/notify', { flowId }) };
}

/** Past the limit a lead is stored but held: 202, never 402 (decision 041). */
/** The held lead's id, once its answer says it was held. */
async function expectHeld(answer: Promise<JsonResponse>): Promise<string> {
  const { status, body } = await answer;
  expect(status).toBe(202);
  expect(body).toMatchObject({ status: 'held', held: true, warning: HELD_WARNING });
  return body.id;
}

describe('usage › quota', () => {
  it('Starter delivers 20 notifications a month and holds the 21st: 202 held with a warning, stored, not counted', async () => {
    const owner = await ownerWithFlow('starter');
    for (let i = 0; i < 20; i += 1) {
      const { status, body } = await owner.notify();
      expect(status).toBe(202);
      expect(body).toMatchObject({ status: 'accepted', held: false });
      expect(body).not.toHaveProperty('warning');
    }
    const heldId = await expectHeld(owner.notify());
    const page = await owner.client.get(`/v1/flows/${owner.flowId}/notifications`);
    expect(page.body.Notifications).toHaveLength(21);
    // Listed by when each was moved from the intake, which a take running beside the held lead's
    // accept can put after it (decision 064): found by id, not by place.
    const held = (page.body.Notifications as Array<{ id: string; isHeld: boolean }>).filter((lead) => lead.isHeld);
    expect(held.map((lead) => lead.id)).toEqual([heldId]);
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({
      plan: 'starter',
      count: 20,
      heldCount: 1,
      included: 20,
      overageCount: 0,
      overageCents: 0,
      isLimitReached: true,
    });
  });

  it('paid plans keep accepting past the included volume and count the overage at their rate', async () => {
    const owner = await ownerWithFlow('growth');
    const { periodStart } = (await owner.client.get('/v1/usage')).body;
    await app.pool.query(
      `insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 1000)`,
      [owner.entityId, periodStart],
    );
    for (let i = 0; i < 3; i += 1) expect((await owner.notify()).status).toBe(202);
    // Counted at once, whether or not the worker has added the batches' counts in yet (decision 060).
    const usage = await owner.client.get('/v1/usage');
    expect(usage.body).toMatchObject({
      plan: 'growth',
      count: 1003,
      included: 1000,
      overageCount: 3,
      overageCents: 6,
      isLimitReached: false,
    });
  });

  it('a new billing month starts counting from zero', async () => {
    const owner = await ownerWithFlow('starter');
    for (let i = 0; i < 20; i += 1) await owner.notify();
    await expectHeld(owner.notify());
    await app.pool.query(`update entities set plan_selected_at = now() - interval '1 month 1 day' where id = $1`, [
      owner.entityId,
    ]);
    expect((await owner.notify()).status).toBe(202);
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 1, isLimitReached: false });
  });

  it("one entity's notifications never count against another's", async () => {
    const busy = await ownerWithFlow('starter');
    const quiet = await ownerWithFlow('starter');
    for (let i = 0; i < 5; i += 1) await busy.notify();
    expect((await quiet.client.get('/v1/usage')).body.count).toBe(0);
    expect((await busy.client.get('/v1/usage')).body.count).toBe(5);
  });

  it('reports the billing month from the plan choice and the whole days left', async () => {
    const owner = await ownerWithFlow('pro');
    const usage = (await owner.client.get('/v1/usage')).body;
    const start = Date.parse(usage.periodStart);
    expect(Date.now() - start).toBeLessThan(60_000);
    expect(Date.parse(usage.periodEnd)).toBeGreaterThan(start + 27 * 86_400_000);
    expect(usage.daysLeft).toBeGreaterThanOrEqual(28);
    expect(usage.daysLeft).toBeLessThanOrEqual(31);
  });

  it('without an entity, usage answers 409 entity_required; without a session 401', async () => {
    const { client } = await signedInOwner(app);
    expect((await client.get('/v1/usage')).body.error.code).toBe('entity_required');
    expect((await createHttpClient(app).get('/v1/usage')).status).toBe(401);
  });
});

describe('usage › plan changes (decision 040)', () => {
  it('a smaller plan after onboarding is pending from the period end; the plan in force stays', async () => {
    const owner = await ownerWithFlow('growth');
    const usage = (await owner.client.get('/v1/usage')).body;
    const changed = await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'starter' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ plan: 'growth', pendingPlan: 'starter', pendingPlanFrom: usage.periodEnd });
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ plan: 'growth', pendingPlan: 'starter' });
    for (let i = 0; i < 21; i += 1) expect((await owner.notify()).status).toBe(202);
  });

  it('a larger plan starts at once, in the same billing month: the held lead is delivered and counted, the next accepted', async () => {
    const owner = await ownerWithFlow('starter');
    const usage = (await owner.client.get('/v1/usage')).body;
    for (let i = 0; i < 20; i += 1) await owner.notify();
    const heldId = await expectHeld(owner.notify());
    const changed = await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'growth' });
    expect(changed.body).toMatchObject({ plan: 'growth', pendingPlan: null, pendingPlanFrom: null });
    expect((await owner.client.get(`/v1/leads/${heldId}`)).body).toMatchObject({ isHeld: false });
    expect((await owner.notify()).body).toMatchObject({ status: 'accepted', held: false });
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({
      plan: 'growth',
      pendingPlan: null,
      periodStart: usage.periodStart,
      count: 22,
      heldCount: 0,
    });
  });

  it('choosing the plan in force again cancels the pending change', async () => {
    const owner = await ownerWithFlow('elite');
    await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'pro' });
    const cancelled = await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'elite' });
    expect(cancelled.body).toMatchObject({ plan: 'elite', pendingPlan: null, pendingPlanFrom: null });
  });

  it('the pending plan is in force once its month starts, limits included', async () => {
    const owner = await ownerWithFlow('growth');
    await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'starter' });
    for (let i = 0; i < 20; i += 1) await owner.notify();
    await app.pool.query(
      `update entities set plan_selected_at = now() - interval '1 month 1 day', pending_plan_from = now() - interval '1 day' where id = $1`,
      [owner.entityId],
    );
    expect((await owner.client.get(`/v1/entities/${owner.entityId}`)).body).toMatchObject({
      plan: 'starter',
      pendingPlan: null,
    });
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ plan: 'starter', included: 20, count: 0 });
    for (let i = 0; i < 20; i += 1) expect((await owner.notify()).status).toBe(202);
    await expectHeld(owner.notify());
  });
});

describe('usage › counts appended by ingestion (decision 060)', () => {
  it('a plan without a limit counts every lead at once, and a spam mark gives one back before the worker adds them in', async () => {
    const owner = await ownerWithFlow('growth');
    // Holding the fold's turn keeps the worker's takes from adding the counts in: they stay appended.
    const holder = await app.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtextextended('leadbell_fold_counts', 0))`);
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await owner.notify()).body.id as string);
      const appended = await app.pool.query<{ count: number }>(
        'select sum(notification_count)::int as count from entity_usage_deltas where entity_id = $1',
        [owner.entityId],
      );
      expect(appended.rows).toEqual([{ count: 3 }]);
      expect((await owner.client.get('/v1/usage')).body).toMatchObject({ plan: 'growth', count: 3 });

      // The mark adds the entity's counts in under its lock, then gives the lead's back.
      expect((await owner.client.post(`/v1/leads/${ids[0]}/spam`, {})).status).toBe(200);
      const rows = await app.pool.query(
        `select notification_count, (select count(*)::int from entity_usage_deltas d where d.entity_id = u.entity_id) as appended
           from entity_usage u where entity_id = $1`,
        [owner.entityId],
      );
      expect(rows.rows).toEqual([{ notification_count: 2, appended: 0 }]);
      expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 2 });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });
});
