import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { DELIVERY_LEASE_SECONDS } from '../../jobs/take-outbox.ts';
import { SPAM_SAMPLES } from '../spam/spam-samples.ts';
import { WORKER_VERDICT } from '../spam/spam-score.ts';

// leadbell_billable_count (22-usage.sql), what the overage reports to Stripe bill: a lead counted on
// arrival bills only once the worker's take has judged it, so a pitch the take gives back is never
// reported in between. No worker: the test runs the take itself.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DELIVERY_WORKER: 'false' });
});
afterAll(async () => {
  await app?.close();
});

describe('billable count', () => {
  it('a lead waiting for its spam verdict is counted against the plan but not billed; once judged, only the genuine one bills', async () => {
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
    const pitch = SPAM_SAMPLES.find((sample) => sample.data.email === 'mark.seo@10minutemail.com')!;
    await notify(app, owner.apiKey, { flowId, data: pitch.data });
    await notify(app, owner.apiKey, { flowId, test: true, data: { name: 'Test' } });
    expect(await counts()).toEqual({ counted: 2, billable: 0 });

    await app.pool.query(`select * from leadbell_take_outbox(500, 32, ${DELIVERY_LEASE_SECONDS}, 0, $1)`, [
      JSON.stringify(WORKER_VERDICT),
    ]);
    expect(await counts()).toEqual({ counted: 1, billable: 1 });
  });
});
