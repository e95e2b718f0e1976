import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from '@leadbell/shared/notifications';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { notificationPageRows } from './list-notifications.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

// Timing lives in `npm run bench`; this checks the reason the first page stays fast: the plan
// reads one index range of the flow and stops after a page, whatever the flow's size. 20,000 rows
// a flow are enough for the planner to choose as it does at any size (statistics, not timing); at
// 100,000 the fixture alone took over 30 s on a busy CI machine.
describe('notifications › first page of a flow with 20,000 notifications', () => {
  it('is read from the (flow_id, seq) index without sorting or scanning the flow', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const busierFlowId = await createFlow(owner.client, { name: 'Busier flow' });
    // The flow under test, then 20,000 newer notifications of another flow: a plan that walked
    // the global order and filtered by flow would have to step over all of them.
    for (const id of [flowId, busierFlowId]) {
      await app.pool.query(
        `insert into notifications (entity_id, flow_id, title, message)
         select $1, $2, 'Lead ' || n, 'Message ' || n from generate_series(1, 20000) as n`,
        [owner.entityId, id],
      );
    }
    await app.pool.query('analyze notifications');

    // The statement the route runs for the first page, not a copy of it.
    const firstPage = notificationPageRows(drizzle(app.pool), { flowId, limit: NOTIFICATIONS_PAGE_SIZE }).toSQL();
    const { rows } = await app.pool.query<{ 'QUERY PLAN': unknown }>(
      `explain (analyze, format json) ${firstPage.sql}`,
      firstPage.params,
    );
    const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
    expect(plan).toContain('notifications_flow_id_seq_idx');
    expect(plan).not.toContain('"Node Type":"Sort"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
    const rowsRead = [...plan.matchAll(/"Actual Rows":(\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(...rowsRead)).toBeLessThanOrEqual(NOTIFICATIONS_PAGE_SIZE + 1);
    const rowsSkipped = [...plan.matchAll(/"Rows Removed by Filter":(\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(0, ...rowsSkipped)).toBe(0);

    const page = await owner.client.get(`/v1/flows/${flowId}/notifications`);
    expect(page.status).toBe(200);
    expect(page.body.Notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(page.body.Notifications[0].title).toBe('Lead 20000');
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });
});
