import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const PASSWORD = 'Corr3ct-horse!';

test('an owner signs up, onboards, creates a flow, and a website notification shows up in its list', async ({
  page,
  product,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
  const email = `owner-${testInfo.project.name}-${Date.now()}@example.com`;

  await test.step('sign up and verify with the emailed code', async () => {
    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Ann Owner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    const mailsBefore = product.smtp.count();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(email)).toBeVisible();
    const code = await product.smtp.waitForCode(email, { after: mailsBefore });
    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  });

  await test.step('create the entity and pick a plan', async () => {
    await expect(page).toHaveURL(/\/onboarding\/entity$/);
    await page.getByLabel('Entity Name').fill('Acme Homes');
    await page.getByRole('button', { name: 'Create Entity' }).click();
    await expect(page).toHaveURL(/\/onboarding\/plan$/);
    await page.getByRole('button', { name: 'Select & continue' }).click();
    await expect(page.getByText('Please select a plan.')).toBeVisible();
    await page.getByRole('radio', { name: /Growth/ }).check();
    await page.getByRole('button', { name: 'Select & continue' }).click();
    await expect(page).toHaveURL(/\/flows$/);
    await expect(page.getByText("You haven't created any flows yet")).toBeVisible();
  });

  await test.step('create a flow with templates', async () => {
    await page
      .getByRole('link', { name: 'Add New' })
      .or(page.getByRole('button', { name: 'Add New' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/flows\/new$/);
    await page.getByLabel('Name').fill('Contact form');
    await page.getByLabel('Title').fill('New lead: {{name}}');
    await page.getByLabel('Message').fill('{{name}} asked: {{question}}');
    await page.getByRole('button', { name: /Save|Create/ }).click();
    // The first flow leads to its Connect page, with the code for the website.
    await expect(page).toHaveURL(/\/flows\/[0-9a-f-]{36}\/connect$/);
    await expect(page.getByText('Flow created successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect your website' })).toBeVisible();
    await expect(page.getByText('Contact form').first()).toBeVisible();
  });

  await test.step('sign out, then sign back in with the password', async () => {
    await page.goto('/sign-out');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/leads$/, { timeout: 15_000 });
  });

  let apiKey = '';
  await test.step('copy the API key shown at /api', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await page.goto('/api');
    await page.getByRole('button', { name: /copy/i }).first().click();
    await expect(page.getByText('Copied')).toBeVisible();
    apiKey = await page.evaluate(() => navigator.clipboard.readText());
    expect(apiKey).toMatch(/^lb_live_/);
  });

  await test.step("a website's POST with that key appears in the flow's notifications", async () => {
    await page.goto('/flows');
    await page
      .getByRole('link', { name: /Notifications/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/flows\/[0-9a-f-]{36}$/);
    const flowId = new URL(page.url()).pathname.split('/').pop()!;

    const response = await fetch(`${product.url}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ flowId, data: { name: 'Bob', question: 'Is the flat still free?' } }),
    });
    expect(response.status).toBe(202);

    await page.reload();
    await expect(page.getByText('New lead: Bob')).toBeVisible();
    await expect(page.getByText('Bob asked: Is the flat still free?')).toBeVisible();
  });
});
