import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import {
  createTestDatabase,
  type ServerProcess,
  sharedSecretsEnv,
  startServerProcess,
  WITH_SERVER_PROCESS_MS,
} from '../../../test/test-app.ts';

const WEBHOOK_SECRET = 'whsec_crash_test_secret';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpSink;
let fake: FakeStripe;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  smtp = await startSmtpSink();
  fake = await startFakeStripe();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await fake?.close();
  await smtp?.close();
});

describe('billing › overage crash safety', () => {
  it(
    'a worker killed (kill -9) while reporting overage to the meter: after a restart exactly 30 units are reported',
    { timeout: 2 * WITH_SERVER_PROCESS_MS },
    async () => {
      const env = {
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        STRIPE_SECRET_KEY: 'sk_test_crash',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
        STRIPE_PRICE_GROWTH: 'price_growth',
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_PRICE_ELITE: 'price_elite',
        BILLING_USAGE_FLUSH_SECONDS: '1',
        ...sharedSecretsEnv(),
      };
      const first = await startServerProcess(env);
      servers.push(first);
      fake.setWebhookTarget({ url: `${first.baseUrl}/v1/billing/stripe-webhook`, secret: WEBHOOK_SECRET });
      const owner = await onboardedOwner({ baseUrl: first.baseUrl, smtp }, { plan: 'starter' });
      const checkout = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'growth' });
      const { subscription } = await fake.completeCheckout(String(checkout.body.url).split('/').at(-1)!);
      expect((await owner.client.get('/v1/billing')).body.plan).toBe('growth');
      const flowId = await createFlow(owner.client);
      const usage = await owner.client.get('/v1/usage');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query(
          `insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 1000)
           on conflict (entity_id, period_start) do update set notification_count = 1000`,
          [owner.entityId, usage.body.periodStart],
        );
        // Stripe keeps the meter event but the worker never hears back: then it dies.
        fake.holdMeterEvents(true);
        for (let index = 0; index < 30; index += 1)
          await notify({ baseUrl: first.baseUrl }, owner.apiKey, { flowId, data: { name: `Lead ${index}` } });
        const reported = () => fake.requests.filter((request) => request.path === '/v1/billing/meter_events').length;
        for (let waited = 0; reported() === 0 && waited < 100; waited += 1) await sleep(100);
        expect(reported()).toBeGreaterThan(0);
        await first.stop('SIGKILL');
        const { rows: unsent } = await client.query(
          'select count(*)::int as count from billing_meter_reports where entity_id = $1 and sent_at is null',
          [owner.entityId],
        );
        expect(unsent[0].count).toBe(1);

        fake.holdMeterEvents(false);
        const second = await startServerProcess(env);
        servers.push(second);
        const units = () =>
          [...fake.meterEvents.values()]
            .filter((event) => event.customer === subscription.customer)
            .reduce((sum, event) => sum + event.value, 0);
        for (let waited = 0; units() < 30 && waited < 200; waited += 1) await sleep(100);
        await sleep(2_500);
        expect(units()).toBe(30);
        const { rows } = await client.query(
          'select count(*)::int as unsent from billing_meter_reports where entity_id = $1 and sent_at is null',
          [owner.entityId],
        );
        expect(rows[0].unsent).toBe(0);
        const identifiers = fake.requests
          .filter((request) => request.path === '/v1/billing/meter_events')
          .map((request) => request.body.identifier);
        // The step the first worker died in was sent again under the same identifier.
        expect(identifiers.length).toBeGreaterThan(new Set(identifiers).size);
      } finally {
        await client.end();
      }
    },
  );
});
