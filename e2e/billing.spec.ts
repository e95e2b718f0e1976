import { startFakeStripe, type FakeStripe } from '../apps/server/test/fake-stripe.ts';
import { createOwner, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { startProduct } from './fixtures/product.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test as base } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const WEBHOOK_SECRET = 'whsec_e2e_leadbell_secret';

// This journey's product sells its plans: billing on, against a local fake Stripe whose events
// are signed as Stripe signs them.
const test = base.extend<object, { stripe: FakeStripe }>({
  stripe: [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeStripe();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  product: [
    async ({ stripe }, use) => {
      const product = await startProduct({
        env: {
          STRIPE_SECRET_KEY: 'sk_test_e2e_leadbell',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: stripe.url,
          STRIPE_PRICE_GROWTH: 'price_growth',
          STRIPE_PRICE_PRO: 'price_pro',
          STRIPE_PRICE_ELITE: 'price_elite',
        },
      });
      stripe.setWebhookTarget({ url: `${product.url}/v1/billing/stripe-webhook`, secret: WEBHOOK_SECRET });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('billing › the plan picker opens Stripe Checkout, the console waits for the webhook and recovers by itself; a failed payment shows a banner on every page', async ({
  page,
  product,
  context,
  stripe,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = await createOwner(product, {
    email: uniqueEmail('billing', testInfo.project.name),
    plan: 'starter',
  });
  await signInBrowser(context, product, owner);

  await test.step('the pricing page says prices exclude taxes, computed at checkout', async () => {
    await page.goto('/pricing');
    await expect(page.getByText('Prices are in USD and exclude taxes, which are calculated at checkout')).toBeVisible();
  });

  let successUrl = '';
  let sessionId = '';
  await test.step('choosing Growth opens Stripe Checkout, not the plan', async () => {
    await page.goto('/account#plan');
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await expect(plan).toContainText('paid plans are paid through Stripe Checkout');
    await plan.getByRole('radio', { name: /Growth/ }).click();
    await plan.getByRole('button', { name: 'Switch to Growth' }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'billing-plan-picker', { fullPage: false });
    await plan.getByRole('button', { name: 'Switch to Growth' }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/checkout/cs_`));
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    sessionId = page.url().split('/').at(-1)!;
    const request = stripe.requests.findLast((candidate) => candidate.path === '/v1/checkout/sessions');
    successUrl = String(request!.body.success_url);
    expect(successUrl).toBe(`${product.url}/billing?checkout=done&plan=growth`);
  });

  await test.step('back on the success URL before the webhook: waiting, and the plan is still Starter', async () => {
    await page.goto(successUrl);
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(page.getByText('Waiting for payment confirmation…')).toBeVisible();
    await expect(page.getByText('None: Starter is free')).toBeVisible();
    await screenshot(page, testInfo, 'billing-waiting');
  });

  await test.step('the webhook lands: the page shows Growth active without a reload', async () => {
    await stripe.completeCheckout(sessionId);
    await expect(page.getByText('Payment confirmed: Growth is active.')).toBeVisible({ timeout: 15_000 });
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await expect(subscription).toContainText('Growth');
    await expect(subscription).toContainText('Active');
    await screenshot(page, testInfo, 'billing-active');
  });

  await test.step('a failed payment: a banner on every page, and the invoice on the Billing page', async () => {
    const customer = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!.body
      .customer as string;
    const invoice = {
      id: `in_e2e_${testInfo.project.name}`,
      object: 'invoice' as const,
      customer,
      number: 'LB-0042',
      created: Math.floor(Date.now() / 1000),
      amount_due: 1_089,
      currency: 'usd',
      status: 'open',
      invoice_pdf: `${stripe.url}/invoice.pdf`,
      hosted_invoice_url: `${stripe.url}/invoice`,
    };
    stripe.invoices.set(invoice.id, invoice);
    expect(await stripe.sendEvent('invoice.payment_failed', { ...invoice })).toBe(200);
    await page.goto('/leads');
    await expect(page.getByText('The last payment failed.')).toBeVisible();
    await screenshot(page, testInfo, 'billing-banner-leads');
    await page.getByRole('link', { name: 'Update the card' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await expect(invoices).toContainText('LB-0042');
    await expect(invoices).toContainText('$10.89');
    await expect(invoices.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', invoice.invoice_pdf);
    await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
    await screenshot(page, testInfo, 'billing-invoices');
  });
});

base(
  'billing off › the pricing page and the plan picker say self-hosted plans are free',
  async ({ page, product, context }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    await page.goto('/pricing');
    const note = page.getByText('This Leadbell server is self-hosted: every plan is free to choose here');
    await expect(note).toBeVisible();
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'billing-off-pricing', { fullPage: false });
    const owner = await createOwner(product, { email: uniqueEmail('billing-off', testInfo.project.name) });
    await signInBrowser(context, product, owner);
    await page.goto('/account#plan');
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await expect(plan).toContainText('every plan is free to choose, nothing is charged');
    await plan.getByRole('radio', { name: /Elite/ }).click();
    await plan.getByRole('button', { name: 'Switch to Elite' }).click();
    await expect(plan).toContainText('You’re on the Elite plan');
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Billing is off' })).toBeVisible();
    await screenshot(page, testInfo, 'billing-off-page');
  },
);

test('billing › onboarding: a paid first plan goes through Checkout; after paying, the plan step confirms and moves on', async ({
  page,
  product,
  context,
  stripe,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
  const owner = await createOwner(product, {
    email: uniqueEmail('billing-onboarding', testInfo.project.name),
    onboard: false,
  });
  const entity = await fetch(`${product.url}/v1/entities`, {
    method: 'POST',
    headers: { origin: product.url, cookie: owner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Pay First Ltd' }),
  });
  expect(entity.status).toBe(201);
  await signInBrowser(context, product, owner);
  await page.goto('/onboarding/plan');
  await page.getByRole('radio', { name: /Pro/ }).click();
  await page.getByRole('button', { name: 'Select & continue' }).click();
  await page.waitForURL(new RegExp(`^${stripe.url}/checkout/cs_`));
  await page.getByRole('button', { name: 'Pay' }).click();
  // Stripe sends the browser back after its webhook; the console moves on once it sees the plan.
  await page.waitForURL(/\/flows$/);
  await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible();
  const billing = await fetch(`${product.url}/v1/billing`, { headers: { cookie: owner.cookie } });
  expect(await billing.json()).toMatchObject({ plan: 'pro', subscription: { plan: 'pro', status: 'active' } });
});
