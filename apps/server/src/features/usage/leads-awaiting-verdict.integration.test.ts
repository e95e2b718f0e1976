import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_ALERT_PERCENTS } from '@leadbell/shared/billing';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { DELIVERY_LEASE_SECONDS } from '../../jobs/take-outbox.ts';
import { SPAM_SAMPLES } from '../spam/spam-samples.ts';
import { WORKER_VERDICT } from '../spam/spam-score.ts';

// A lead is counted against the plan on arrival, and spam's count is given back by the worker's
// take (decision 039). Until its take, a lead awaits its verdict (leadbell_leads_awaiting_verdict,
// 22-usage.sql), and neither what bills (leadbell_billable_count, the overage reported to Stripe)
// nor the usage alerts count it: a pitch given back must never have been billed or have crossed an
// alert. No worker: the test runs the take and the settle itself.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DELIVERY_WORKER: 'false' });
});
afterAll(async () => {
  await app?.close();
});

const PITCH = SPAM_SAMPLES.find((sample) => sample.data.email === 'mark.seo@10minutemail.com')!;

/** The worker's take of up to `limit` outbox rows, oldest first, with the settle rows it leaves due at once. */
async function take(limit: number) {
  await app.pool.query(`select * from leadbell_take_outbox($1, 32, ${DELIVERY_LEASE_SECONDS}, 0, $2)`, [
    limit,
    JSON.stringify(WORKER_VERDICT),
  ]);
}

async function settle() {
  await app.pool.query(`select * from leadbell_settle_leads(500, '{${USAGE_ALERT_PERCENTS.join(',')}}')`);
}

describe('leads awaiting their spam verdict', () => {
  it('are counted against the plan but not billed; once judged, only the genuine one bills', async () => {
    const owner = await onboardedOwner(app, { plan: 'elite' });
    const flowId = await createFlow(owner.client);
    const { periodStart } = (await owner.client.get('/v1/usage')).body as { periodStart: string };
    const counts = async () => {
      const { rows } = await app.pool.query<{ counted: number; billable: number }>(
        `select leadbell_usage_count($1, $2) as counted, leadbell_billable_count($1, $2) as billable`,
        [owner.entityId, periodStart],
      );
      return rows[0];
    };

    await notify(app, owner.apiKey, { flowId, data: { name: 'Ann', question: 'Do you deliver on Sundays?' } });
    await notify(app, owner.apiKey, { flowId, data: PITCH.data });
    await notify(app, owner.apiKey, { flowId, test: true, data: { name: 'Test' } });
    expect(await counts()).toEqual({ counted: 2, billable: 0 });

    // A read of the business's leads moves them into notifications before their take: still unjudged.
    expect((await owner.client.get(`/v1/flows/${flowId}/notifications`)).status).toBe(200);
    expect(await counts()).toEqual({ counted: 2, billable: 0 });

    await take(500);
    expect(await counts()).toEqual({ counted: 1, billable: 1 });
  });

  it('do not cross a usage alert, even once a read has moved them before their take', async () => {
    // The starter plan includes 20 leads a month: its first alert is at 16 (80 %).
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const flowId = await createFlow(owner.client);
    const { periodStart } = (await owner.client.get('/v1/usage')).body as { periodStart: string };
    await app.pool.query(
      `insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 14)
       on conflict (entity_id, period_start) do update set notification_count = excluded.notification_count`,
      [owner.entityId, periodStart],
    );
    const alerts = async () =>
      (
        await app.pool.query<{ kind: string }>('select kind from entity_alerts where entity_id = $1 order by kind', [
          owner.entityId,
        ])
      ).rows.map((row) => row.kind);

    // The 15th lead, genuine, then a pitch that makes 16 until its take gives it back.
    await notify(app, owner.apiKey, { flowId, data: { name: 'Ann', question: 'Do you deliver on Sundays?' } });
    await notify(app, owner.apiKey, { flowId, data: PITCH.data });
    expect((await owner.client.get(`/v1/flows/${flowId}/notifications`)).status).toBe(200);

    // The genuine lead's take and settle alone: the pitch is still in the outbox, unjudged.
    await take(1);
    await settle();
    expect(await alerts()).toEqual([]);

    await take(500);
    await settle();
    expect(await alerts()).toEqual([]);

    // The 16th genuine lead crosses 80 %.
    await notify(app, owner.apiKey, { flowId, data: { name: 'Bob', question: 'Are you open on Monday?' } });
    await take(500);
    await settle();
    expect(await alerts()).toEqual(['usage_80']);
  });
});
