import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { createFlow, notify, onboardedOwner, signedInOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { SPAM_SAMPLES } from '../spam/spam-samples.ts';
import { until } from '../../../test/until.ts';

const WEBHOOK_SECRET = 'whsec_leadbell_test_secret';
const PRICES = {
  STRIPE_PRICE_GROWTH: 'price_growth',
  STRIPE_PRICE_PRO: 'price_pro',
  STRIPE_PRICE_ELITE: 'price_elite',
  STRIPE_OVERAGE_PRICE_GROWTH: 'price_growth_overage',
};

describe('billing with Stripe', () => {
  let fake: FakeStripe;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_leadbell',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      BILLING_USAGE_FLUSH_SECONDS: '1',
      ...PRICES,
    });
    fake.setWebhookTarget({ url: `${app.baseUrl}/v1/billing/stripe-webhook`, secret: WEBHOOK_SECRET });
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** An owner on Starter (a paid plan now needs Checkout) who bought `plan` through it. */
  async function subscribedOwner() {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const checkout = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'growth' });
    expect(checkout.status).toBe(200);
    const sessionId = String(checkout.body.url).split('/').at(-1)!;
    const { subscription } = await fake.completeCheckout(sessionId);
    const billing = await owner.client.get('/v1/billing');
    expect(billing.body.plan).toBe('growth');
    return { ...owner, sessionId, subscription };
  }

  async function planOf(owner: { client: { get: (path: string) => Promise<{ body: { plan: string } }> } }) {
    return (await owner.client.get('/v1/billing')).body.plan;
  }

  it('billing › Checkout opens for the plan with derived idempotency keys, and only the webhook activates it', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const before = fake.requests.length;
    const first = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'growth' });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));
    const retried = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'growth' });
    expect(retried.body.url).toBe(first.body.url);

    const made = fake.requests.slice(before);
    const customers = made.filter((request) => request.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]!.idempotencyKey).toBe(`leadbell-customer-${owner.entityId}`);
    expect(customers[0]!.body).toMatchObject({
      name: 'Acme Homes',
      email: owner.email,
      metadata: { entity_id: owner.entityId },
    });
    const sessions = made.filter((request) => request.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(2);
    const day = new Date().toISOString().slice(0, 10);
    expect(sessions.map((request) => request.idempotencyKey)).toEqual([
      `leadbell-checkout-${owner.entityId}-growth-first-${day}`,
      `leadbell-checkout-${owner.entityId}-growth-first-${day}`,
    ]);
    expect(sessions[0]!.body).toMatchObject({
      mode: 'subscription',
      customer: customers[0] && expect.stringMatching(/^cus_/),
      client_reference_id: owner.entityId,
      line_items: [{ price: 'price_growth', quantity: '1' }, { price: 'price_growth_overage' }],
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      automatic_tax: { enabled: 'true' },
      success_url: `${app.baseUrl}/billing?checkout=done&plan=growth`,
      cancel_url: `${app.baseUrl}/billing?checkout=cancelled`,
    });

    // The browser back on the success URL proves nothing: the plan waits for Stripe's word.
    expect(await planOf(owner)).toBe('starter');
    const sessionId = String(first.body.url).split('/').at(-1)!;
    await fake.completeCheckout(sessionId);
    const billing = await owner.client.get('/v1/billing');
    expect(billing.body).toMatchObject({
      isEnabled: true,
      plan: 'growth',
      subscription: { plan: 'growth', status: 'active', cancelAtPeriodEnd: false },
      paymentFailed: null,
    });
    expect((await owner.client.get('/v1/usage')).body.plan).toBe('growth');
  });

  it('billing › onboarding: a paid first plan is 402 on PUT, bought through Checkout, and its webhook issues the first API key', async () => {
    const owner = await signedInOwner(app);
    const entity = await owner.client.post('/v1/entities', { name: 'New Co' });
    const refused = await owner.client.put(`/v1/entities/${entity.body.id}/plan`, { plan: 'growth' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_required');
    const checkout = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'growth' });
    const sessionId = String(checkout.body.url).split('/').at(-1)!;
    const request = fake.requests.findLast((candidate) => candidate.path === '/v1/checkout/sessions');
    expect(request!.body.success_url).toBe(`${app.baseUrl}/onboarding/plan?checkout=done&plan=growth`);
    expect((await owner.client.get('/v1/billing')).body.plan).toBeNull();
    expect((await owner.client.get('/v1/api-keys')).body.data).toEqual([]);
    await fake.completeCheckout(sessionId);
    expect((await owner.client.get('/v1/billing')).body.plan).toBe('growth');
    expect((await owner.client.get('/v1/api-keys')).body.data).toHaveLength(1);
  });

  it('billing › a larger paid plan on PUT answers 402 naming the checkout route; a smaller one is scheduled on Stripe', async () => {
    const owner = await subscribedOwner();
    const refused = await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'elite' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_required');
    expect(refused.body.error.details.checkout).toEqual({
      method: 'POST',
      path: '/v1/billing/checkout-sessions',
      body: { plan: 'elite' },
    });
    expect(await planOf(owner)).toBe('growth');

    const cancelled = await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'starter' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.pendingPlan).toBe('starter');
    const update = fake.requests.findLast((request) => request.path === `/v1/subscriptions/${owner.subscription.id}`);
    expect(update).toMatchObject({ method: 'POST', body: { cancel_at_period_end: 'true' } });
    expect(fake.subscriptions.get(owner.subscription.id)!.cancel_at_period_end).toBe(true);
    // The webhook that follows keeps the plan until the period ends.
    expect(await fake.sendEvent('customer.subscription.updated', { ...owner.subscription })).toBe(200);
    const billing = await owner.client.get('/v1/billing');
    expect(billing.body).toMatchObject({ plan: 'growth', subscription: { cancelAtPeriodEnd: true } });
  });

  it('billing › an upgrade with a live subscription swaps the price at once, prorated, and applies on the webhook', async () => {
    const owner = await subscribedOwner();
    const upgrade = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'pro' });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body.url).toBe(`${app.baseUrl}/billing?checkout=done&plan=pro`);
    const update = fake.requests.findLast((request) => request.path === `/v1/subscriptions/${owner.subscription.id}`);
    expect(update).toMatchObject({
      method: 'POST',
      body: { proration_behavior: 'always_invoice', items: [{ price: 'price_pro' }] },
    });
    expect(update!.idempotencyKey).toMatch(
      new RegExp(`^leadbell-upgrade-${owner.entityId}-${owner.subscription.id}-pro-`),
    );
    expect(await planOf(owner)).toBe('growth');
    expect(await fake.sendEvent('customer.subscription.updated', { ...owner.subscription })).toBe(200);
    expect(await planOf(owner)).toBe('pro');
  });

  it('billing › a replayed event and an out-of-order one change nothing', async () => {
    const owner = await subscribedOwner();
    const stale = fake.signedEvent('customer.subscription.updated', { ...owner.subscription });
    // The subscription moved on to Pro (its own event applied); then the stale Growth event lands.
    fake.subscriptions.get(owner.subscription.id)!.items.data[0]!.price = { id: 'price_pro' };
    expect(await fake.sendEvent('customer.subscription.updated', { ...owner.subscription })).toBe(200);
    expect(await planOf(owner)).toBe('pro');
    const post = (event: { payload: string; signature: string }) =>
      fetch(`${app.baseUrl}/v1/billing/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      });
    expect((await post(stale)).status).toBe(200);
    expect(await planOf(owner)).toBe('pro');
    expect((await post(stale)).status).toBe(200);
    const { rows } = await app.pool.query('select count(*)::int as count from stripe_events where id = $1', [stale.id]);
    expect(rows[0].count).toBe(1);
    expect(await planOf(owner)).toBe('pro');
  });

  it('billing › a forged signature is refused with 400 and changes nothing', async () => {
    const owner = await subscribedOwner();
    fake.subscriptions.get(owner.subscription.id)!.status = 'canceled';
    const forged = fake.signedEvent(
      'customer.subscription.deleted',
      { ...owner.subscription },
      { secret: 'whsec_wrong' },
    );
    const requestsBefore = fake.requests.length;
    for (const signature of [forged.signature, '']) {
      const response = await fetch(`${app.baseUrl}/v1/billing/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: forged.payload,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; details: { fields: object } } };
      expect(body.error.code).toBe('validation_error');
      expect(body.error.details.fields).toHaveProperty('stripe-signature');
    }
    expect(fake.requests.length).toBe(requestsBefore);
    const { rows } = await app.pool.query('select count(*)::int as count from stripe_events where id = $1', [
      forged.id,
    ]);
    expect(rows[0].count).toBe(0);
    expect(await planOf(owner)).toBe('growth');
    fake.subscriptions.get(owner.subscription.id)!.status = 'active';
  });

  it('billing › an unknown event is acknowledged and recorded', async () => {
    expect(await fake.sendEvent('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' })).toBe(200);
  });

  it('billing › a failed payment mails the admins once per invoice and shows the banner; an unpaid end falls back to Starter, leads kept; paying again restores', async () => {
    const owner = await subscribedOwner();
    const flowId = await createFlow(owner.client);
    for (const name of ['Ann', 'Bo']) await notify(app, owner.apiKey, { flowId, data: { name } });
    const invoice = {
      id: `in_${owner.entityId.slice(0, 8)}`,
      object: 'invoice' as const,
      customer: owner.subscription.customer,
      number: 'LB-0001',
      created: Math.floor(Date.now() / 1000),
      amount_due: 900,
      currency: 'usd',
      status: 'open',
      invoice_pdf: `${fake.url}/invoice.pdf`,
      hosted_invoice_url: `${fake.url}/invoice`,
    };
    fake.invoices.set(invoice.id, invoice);
    const mailsBefore = app.smtp.count();
    expect(await fake.sendEvent('invoice.payment_failed', { ...invoice })).toBe(200);
    // The leads' own email copies may arrive meanwhile: the payment mail is told by its subject.
    const paymentFailedMails = () =>
      app.smtp.received
        .slice(mailsBefore)
        .filter((received) => received.to.includes(owner.email) && /Payment.failed/.test(received.subject));
    await until(
      async () => paymentFailedMails().length,
      (count) => count > 0,
    );
    // Stripe's next retry fails too: a new event, the same invoice, no second mail.
    fake.subscriptions.get(owner.subscription.id)!.status = 'past_due';
    expect(await fake.sendEvent('invoice.payment_failed', { ...invoice })).toBe(200);
    expect(await fake.sendEvent('customer.subscription.updated', { ...owner.subscription })).toBe(200);
    const banner = await owner.client.get('/v1/billing');
    expect(banner.body).toMatchObject({
      plan: 'growth',
      subscription: { status: 'past_due' },
      paymentFailed: { invoiceId: invoice.id },
    });
    await sleep(500);
    expect(paymentFailedMails()).toHaveLength(1);

    const invoices = await owner.client.get('/v1/billing/invoices');
    expect(invoices.status).toBe(200);
    expect(invoices.body.data).toEqual([
      {
        id: invoice.id,
        number: 'LB-0001',
        date: new Date(invoice.created * 1000).toISOString(),
        amountDue: 900,
        currency: 'usd',
        status: 'open',
        pdfUrl: invoice.invoice_pdf,
        hostedUrl: invoice.hosted_invoice_url,
      },
    ]);

    fake.subscriptions.get(owner.subscription.id)!.status = 'canceled';
    expect(await fake.sendEvent('customer.subscription.deleted', { ...owner.subscription })).toBe(200);
    expect(await planOf(owner)).toBe('starter');
    const usage = await owner.client.get('/v1/usage');
    expect(usage.body).toMatchObject({ plan: 'starter', included: 20 });
    const leads = await owner.client.get('/v1/leads');
    expect(leads.body.data).toHaveLength(2);

    const again = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'growth' });
    expect(again.body.url).toMatch(/\/checkout\/cs_/);
    await fake.completeCheckout(String(again.body.url).split('/').at(-1)!);
    invoice.status = 'paid';
    expect(await fake.sendEvent('invoice.paid', { ...invoice })).toBe(200);
    expect((await owner.client.get('/v1/billing')).body).toMatchObject({ plan: 'growth', paymentFailed: null });
  });

  it('billing › the portal opens for the entity’s customer with a derived idempotency key', async () => {
    const owner = await subscribedOwner();
    const portal = await owner.client.post('/v1/billing/portal-sessions');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toBe(`${fake.url}/portal`);
    const request = fake.requests.findLast((candidate) => candidate.path === '/v1/billing_portal/sessions');
    expect(request!.body).toEqual({ customer: owner.subscription.customer, return_url: `${app.baseUrl}/billing` });
    expect(request!.idempotencyKey).toMatch(new RegExp(`^leadbell-portal-${owner.entityId}-`));
  });

  it('billing › a plan outside the paid ones is refused with a field message', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const response = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'starter' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields.plan).toBeDefined();
  });

  it('billing › overage is reported exactly once across a failed and retried flush, test and spam leads never', async () => {
    const owner = await subscribedOwner();
    const flowId = await createFlow(owner.client);
    const usage = await owner.client.get('/v1/usage');
    await app.pool.query(
      `insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 1000)
       on conflict (entity_id, period_start) do update set notification_count = 1000`,
      [owner.entityId, usage.body.periodStart],
    );
    // The first report's answer is lost three times (the client's retries included): that tick fails.
    fake.failMeterEvents(3);
    for (let index = 0; index < 30; index += 1)
      await notify(app, owner.apiKey, { flowId, data: { name: `Lead ${index}` } });
    for (let index = 0; index < 3; index += 1)
      await notify(app, owner.apiKey, { flowId, test: true, data: { name: 'Test' } });
    // A pitch from a throwaway address is quarantined by the worker's take (decision 073): never
    // counted, never billed.
    const pitch = SPAM_SAMPLES.find((sample) => sample.data.email === 'mark.seo@10minutemail.com')!;
    const spam = await notify(app, owner.apiKey, { flowId, data: pitch.data });
    await expect.poll(async () => (await owner.client.get(`/v1/leads/${spam.id}`)).body.status).toBe('spam');
    const units = () =>
      [...fake.meterEvents.values()]
        .filter((event) => event.customer === owner.subscription.customer)
        .reduce((sum, event) => sum + event.value, 0);
    await until(
      async () => {
        const { rows } = await app.pool.query(
          'select count(*)::int as unsent from billing_meter_reports where entity_id = $1 and sent_at is null',
          [owner.entityId],
        );
        return { units: units(), unsent: rows[0].unsent as number };
      },
      (state) => state.units === 30 && state.unsent === 0,
      20_000,
    );
    await sleep(2_500);
    expect(units()).toBe(30);
    const sent = fake.requests.filter(
      (request) =>
        request.path === '/v1/billing/meter_events' &&
        (request.body.payload as { stripe_customer_id: string }).stripe_customer_id === owner.subscription.customer,
    );
    expect(sent.length).toBeGreaterThan(new Set(sent.map((request) => request.body.identifier)).size);
    for (const request of sent) {
      expect(request.idempotencyKey).toBe(request.body.identifier);
      expect(request.body.event_name).toBe('leadbell_notifications');
    }
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({
      count: 1030,
      overageCount: 30,
      overageCents: 60,
    });
  });
});

describe('billing off (no STRIPE_SECRET_KEY)', () => {
  let fake: FakeStripe;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp({ STRIPE_API_URL: fake.url, BILLING_USAGE_FLUSH_SECONDS: '1' });
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('billing off › every plan is selectable, billing routes answer billing_disabled, and Stripe is never called', async () => {
    expect((await fetch(`${app.baseUrl}/v1/billing/mode`).then((response) => response.json())) as object).toEqual({
      isEnabled: false,
    });
    const owner = await onboardedOwner(app, { plan: 'starter' });
    for (const plan of ['growth', 'elite', 'pro', 'starter']) {
      const response = await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan });
      expect(response.status).toBe(200);
    }
    expect((await owner.client.get('/v1/billing')).body).toMatchObject({
      isEnabled: false,
      subscription: null,
      paymentFailed: null,
    });
    const checkout = await owner.client.post('/v1/billing/checkout-sessions', { plan: 'growth' });
    expect(checkout.status).toBe(409);
    expect(checkout.body.error.code).toBe('billing_disabled');
    expect((await owner.client.post('/v1/billing/portal-sessions')).status).toBe(409);
    expect((await owner.client.get('/v1/billing/invoices')).status).toBe(409);
    const webhook = await fetch(`${app.baseUrl}/v1/billing/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(webhook.status).toBe(409);
    await sleep(1_500);
    expect(fake.requests).toEqual([]);
  });
});

describe('npm run billing:setup', () => {
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
  });

  afterAll(async () => {
    await fake?.close();
  });

  async function runSetup(): Promise<string> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/billing-setup.ts'], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      env: { PATH: process.env.PATH, STRIPE_SECRET_KEY: 'sk_test_setup', STRIPE_API_URL: fake.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code, output).toBe(0);
    return output;
  }

  it('billing:setup › creates the meter, products and prices once and prints the variables; a second run finds them', async () => {
    const first = await runSetup();
    expect(first).toMatch(/^STRIPE_METER_EVENT_NAME=leadbell_notifications$/m);
    for (const name of ['GROWTH', 'PRO', 'ELITE']) {
      expect(first).toMatch(new RegExp(`^STRIPE_PRICE_${name}=price_fake\\d+$`, 'm'));
      expect(first).toMatch(new RegExp(`^STRIPE_OVERAGE_PRICE_${name}=price_fake\\d+$`, 'm'));
    }
    const creates = () => fake.requests.filter((request) => request.method === 'POST');
    expect(creates().map((request) => request.path)).toEqual([
      '/v1/billing/meters',
      ...['growth', 'pro', 'elite'].flatMap(() => ['/v1/products', '/v1/prices', '/v1/prices']),
    ]);
    for (const request of creates()) expect(request.idempotencyKey).toMatch(/^leadbell-setup-/);
    const growthOverage = creates().find((request) => request.body.lookup_key === 'leadbell_growth_overage')!;
    expect(growthOverage.body).toMatchObject({
      currency: 'usd',
      unit_amount_decimal: '2',
      recurring: { interval: 'month', usage_type: 'metered', meter: expect.stringMatching(/^mtr_/) },
      tax_behavior: 'exclusive',
    });
    const eliteBase = creates().find((request) => request.body.lookup_key === 'leadbell_elite_monthly')!;
    expect(eliteBase.body).toMatchObject({ unit_amount: '8900', recurring: { interval: 'month' } });

    const postsBefore = creates().length;
    const second = await runSetup();
    expect(creates()).toHaveLength(postsBefore);
    expect(second).toBe(first);
  });
});
