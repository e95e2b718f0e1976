import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { showPushedMessage, useStubPushService } from './fixtures/push.ts';
import { PUSH_CAPABLE_BROWSER } from './chromium.ts';
import { expect, test } from './fixtures/test.ts';

// Its journeys subscribe to push, which the headless shell lacks.
test.use(PUSH_CAPABLE_BROWSER);

const PASSWORD = 'Corr3ct-horse!';

/** A website on another local origin, serving the snippet the owner pasted into its contact page. */
async function serveSite(html: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Homes – Contact</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Contact Acme Homes</h1>${html}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('first day › from sign-up to a ringing phone and a connected website, on a phone', async ({
  page,
  product,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the first day is a phone journey (390 px)');
  test.setTimeout(120_000);
  const email = `first-day-${Date.now()}@example.com`;
  const stub = product.push.createSubscription();
  // Headless Chromium has no push service: PushManager hands out the local stub's subscription.
  await useStubPushService(context, stub.subscription);
  await context.grantPermissions(['notifications', 'clipboard-read', 'clipboard-write'], { origin: product.url });
  const checklist = page.getByRole('region', { name: 'Set up Leadbell' });

  await test.step('sign up, verify with the emailed code, create the business and pick a plan', async () => {
    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Ann Owner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    const mailsBefore = product.smtp.count();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const code = await product.smtp.waitForCode(email, { after: mailsBefore });
    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('Entity Name').fill('Acme Homes');
    await page.getByRole('button', { name: 'Create Entity' }).click();
    await page.getByRole('radio', { name: /Growth/ }).check();
    await page.getByRole('button', { name: 'Select & continue' }).click();
    await expect(page).toHaveURL(/\/flows$/);
    await expect(checklist).toContainText('0 of 4 done');
  });

  await test.step('① turn on notifications on this phone, from the checklist', async () => {
    const step = checklist.getByRole('region', { name: 'Choose how you’re alerted' });
    await step.getByRole('button', { name: 'Turn on notifications', exact: true }).click();
    await expect(checklist).toContainText('1 of 4 done');
  });

  await test.step('② a test notification goes through the queue and Web Push, shows, and the phone confirms it', async () => {
    const step = checklist.getByRole('region', { name: 'Send a test notification' });
    await step.getByRole('button', { name: 'Ring this device' }).click();
    const [message] = await product.push.waitForMessages(stub.id, 1);
    expect(message!.payload).toMatchObject({ title: 'Leadbell test notification', isTest: true });
    await expect(step).toContainText('Delivered to the push service');
    // The push service hands the encrypted message to the phone: its service worker shows it and confirms.
    const shown = await showPushedMessage(context, page, product.url, JSON.stringify(message!.payload));
    expect(shown.map((notification) => notification.title)).toContain('Leadbell test notification');
    await expect(checklist).toContainText('2 of 4 done');
  });

  let snippet = '';
  await test.step('③ create the first flow, which opens its Connect page, and copy the HTML form', async () => {
    const step = checklist.getByRole('region', { name: 'Connect your website' });
    await step.getByRole('link', { name: /Create a flow/ }).click();
    await page.getByLabel('Name').fill('Contact form');
    await page.getByLabel('Title').fill('New lead: {{name}}');
    await page.getByLabel('Message').fill('{{name}} asked: {{question}}');
    await page.getByRole('button', { name: /Save|Create/ }).click();
    await expect(page.getByRole('heading', { name: 'Connect your website' })).toBeVisible();
    const code = page.getByRole('region', { name: 'Code for your website' });
    await code.getByRole('button', { name: 'Copy HTML form' }).click();
    // Copying fetches the key first; the clipboard is the browser's, and may still hold an earlier test's code.
    await expect(code.getByRole('button', { name: 'Copied HTML form' })).toBeVisible();
    snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toContain(`action="${product.url}/v1/notify"`);
    expect(snippet).toMatch(/name="_apiKey" value="lb_live_[\w-]+"/);
  });

  const site = await serveSite(snippet);
  try {
    await test.step('④ the form, pasted on the site, is submitted; the checklist ticks live without a reload', async () => {
      await page.goto('/setup');
      await expect(checklist).toContainText('2 of 4 done');
      const visitor = await context.newPage();
      await visitor.goto(site.origin);
      await visitor.locator('input[name="name"]').fill('Bea Visitor');
      await visitor.locator('[name="question"]').fill('Can I see the flat on Saturday?');
      await visitor.locator('form button, form [type="submit"]').first().click();
      await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
      await visitor.close();

      await expect(checklist.getByRole('region', { name: 'Your first real lead arrived' })).toContainText('It arrived');
      await expect(page.getByText('Setup complete: every step is done.')).toBeVisible();
    });
  } finally {
    await site.close();
  }
});
