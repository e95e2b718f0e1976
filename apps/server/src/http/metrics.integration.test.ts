import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, notify, onboardedOwner } from '../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-tests';
let app: TestApp;
let stub: PushServiceStub;

beforeAll(async () => {
  stub = await startPushServiceStub();
  app = await startTestApp({ PUSH_SERVICE_HOSTS: stub.host, METRICS_TOKEN: TOKEN }, undefined, { pushCa: stub.ca });
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one sample (`name{labels}`) in a Prometheus text exposition; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

function post(apiKey: string, body: unknown) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the metric did not move within 10 s');
    await sleep(100);
  }
}

describe('/metrics', () => {
  it('is refused without the token and with a wrong one', async () => {
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('counts accepted and rejected notifications, push deliveries, request durations, the pool and the queue', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const { id: stubId, subscription } = stub.createSubscription();
    expect((await owner.client.post('/v1/push-subscriptions', { ...subscription, label: 'Pixel 9' })).status).toBe(201);
    const before = await scrape();

    await notify(app, owner.apiKey, { flowId, data: { name: 'Ann' } });
    await notify(app, owner.apiKey, { flowId, data: { name: 'Bob' } });
    expect((await post(owner.apiKey, { flowId: 'not-a-flow', data: {} })).status).toBe(400);
    expect((await post('lb_live_wrong', { flowId, data: {} })).status).toBe(401);
    await stub.waitForMessages(stubId, 2);

    const accepted = 'leadbell_notifications_accepted_total{route="/v1/notify"}';
    const delivered = 'leadbell_delivery_attempts_total{channel="push",outcome="delivered"}';
    await eventually(async () => sample(await scrape(), delivered) - sample(before, delivered) === 2);
    const after = await scrape();
    expect(sample(after, accepted) - sample(before, accepted)).toBe(2);
    const rejected = (reason: string) => `leadbell_notifications_rejected_total{reason="${reason}"}`;
    expect(sample(after, rejected('validation_error')) - sample(before, rejected('validation_error'))).toBe(1);
    expect(sample(after, rejected('invalid_api_key')) - sample(before, rejected('invalid_api_key'))).toBe(1);
    const notifyCount = 'http_request_duration_seconds_count{method="POST",route="/v1/notify",status_code="202"}';
    expect(sample(after, notifyCount) - sample(before, notifyCount)).toBe(2);
    expect(after).toMatch(/^leadbell_database_pool_connections\{state="in_use"\} \d+$/m);
    for (const lane of ['push', 'webhooks', 'telegram', 'sms']) {
      expect(after).toMatch(new RegExp(`^leadbell_queue_depth\\{lane="${lane}"\\} \\d+$`, 'm'));
      expect(after).toMatch(new RegExp(`^leadbell_queue_oldest_job_age_seconds\\{lane="${lane}"\\} [\\d.e+-]+$`, 'm'));
    }
    expect(after).toMatch(/^leadbell_live_streams_open 0$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('tells the backlog of each lane apart: a channel’s backlog is not the pushes’ (decision 054)', async () => {
    // No worker: what is queued stays queued, as if every worker had fallen behind.
    const idle = await startTestApp({ METRICS_TOKEN: TOKEN, DELIVERY_WORKER: 'false' });
    try {
      await idle.pool.query(`insert into job_outbox (data, start_after)
        select jsonb_build_object('kind', 'webhook', 'deliveryId', gen_random_uuid(), 'attempt', 0), now() - interval '30 seconds'
          from generate_series(1, 2)
        union all
        select jsonb_build_object('kind', 'deliveries', 'deliveryIds', jsonb_build_array(gen_random_uuid()), 'lane', 'sms'), now()
        union all
        select jsonb_build_object('kind', 'test', 'subscriptionId', gen_random_uuid()), now() - interval '5 seconds'
        union all
        select jsonb_build_object('kind', 'test', 'subscriptionId', gen_random_uuid()), now() + interval '1 hour'`);
      const response = await fetch(`${idle.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const text = await response.text();
      const depth = (lane: string) => sample(text, `leadbell_queue_depth{lane="${lane}"}`);
      const age = (lane: string) => sample(text, `leadbell_queue_oldest_job_age_seconds{lane="${lane}"}`);
      expect([depth('webhooks'), depth('sms'), depth('telegram')]).toEqual([2, 1, 0]);
      // The job due in an hour is not backlog yet.
      expect(depth('push')).toBe(1);
      expect(age('webhooks')).toBeGreaterThanOrEqual(30);
      expect(age('push')).toBeGreaterThanOrEqual(5);
      expect(age('push')).toBeLessThan(30);
      expect(age('telegram')).toBe(0);
    } finally {
      await idle.close();
    }
  });
});
