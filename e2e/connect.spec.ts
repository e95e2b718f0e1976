import type { Page } from '@playwright/test';
import {
  createFlow,
  createOwner,
  notify,
  ownerGet,
  signInBrowser,
  uniqueEmail,
  type Owner,
} from './fixtures/owner-api.ts';
import type { Product } from './fixtures/product.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const SITE = 'https://www.acme.example';
const CONTACT_FLOW = {
  name: 'Contact form',
  title: 'New lead from {{First Name}}',
  message: '{{First Name}} ({{email}}) wrote: {{message}}',
};

type NotificationList = { Notifications: { id: string; title: string; isTest: boolean; isHeld: boolean }[] };

/** What a visitor's browser sends when the site's plain HTML form is submitted. */
async function postSiteForm(product: Product, fields: Record<string, string>, origin = SITE): Promise<number> {
  const response = await fetch(`${product.url}/v1/notify`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      referer: `${origin}/contact`,
    },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * What the form snippet's script does when the page loads: a fill-time token, good once its
 * minimum fill time has passed, when `ready` resolves (decision 039).
 */
async function fillTokenOf(product: Product, flowId: string): Promise<{ token: string; ready: Promise<void> }> {
  const response = await fetch(`${product.url}/v1/fill-token?flowId=${flowId}`);
  const { token } = (await response.json()) as { token: string };
  return { token, ready: new Promise((resolve) => setTimeout(resolve, 3_100)) };
}

async function openConnectPage(page: Page, flowName: string) {
  await page.goto('/flows');
  await page.getByRole('link', { name: `Connect your website to ${flowName}` }).click();
  await expect(page.getByRole('heading', { name: 'Connect your website' })).toBeVisible();
}

async function notificationsOf(product: Product, owner: Owner, flowId: string) {
  return (await ownerGet<NotificationList>(product, owner, `/v1/flows/${flowId}/notifications`)).Notifications;
}

test.describe('connect', () => {
  test('connect › the code carries the address, flow and key; the key is restricted in place; a test lead and then the site’s first lead arrive', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('connect', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await signInBrowser(context, product, owner);

    await openConnectPage(page, CONTACT_FLOW.name);
    await expect(page).toHaveURL(new RegExp(`/flows/${flowId}/connect$`));
    const keySection = page.getByRole('region', { name: 'Your API key' });
    const code = page.getByRole('region', { name: 'Code for your website' });
    const testIt = page.getByRole('region', { name: 'Test it' });

    await test.step('the HTML form posts to this server with the flow and its placeholders, key masked until revealed', async () => {
      const html = code.getByLabel('HTML form code');
      await expect(html).toContainText(`<form method="post" action="${product.url}/v1/notify">`);
      await expect(html).toContainText(`name="_flowId" value="${flowId}"`);
      await expect(html).toContainText('name="_gotcha"');
      await expect(html).toContainText('<input name="First Name">');
      await expect(html).not.toContainText(owner.apiKey);
      await expect(keySection).not.toContainText(owner.apiKey);

      // Copy carries the real key without showing it.
      await code.getByRole('button', { name: 'Copy HTML form' }).click();
      await expect(code.getByRole('button', { name: 'Copied HTML form' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
        `name="_apiKey" value="${owner.apiKey}"`,
      );
      await expect(html).not.toContainText(owner.apiKey);

      await keySection.getByRole('button', { name: 'Reveal key' }).click();
      await expect(keySection).toContainText(owner.apiKey);
      await expect(html).toContainText(`name="_apiKey" value="${owner.apiKey}"`);
    });

    await test.step('server-side tabs say to keep the key on the server', async () => {
      await code.getByRole('tab', { name: 'WordPress' }).click();
      await expect(code.getByRole('tabpanel')).toContainText('Keep this key secret on your server');
      await expect(code.getByLabel('WordPress code')).toContainText(`add_action( 'wpcf7_mail_sent'`);
      await code.getByRole('tab', { name: 'HTML form' }).click();
    });

    await test.step('the key is restricted to the site’s origin in place', async () => {
      await expect(code).toContainText('Restrict this key to your site’s origins.');
      await code.getByLabel('Your site’s origins').fill('not a site');
      await code.getByRole('button', { name: 'Restrict key' }).click();
      await expect(
        code.getByText('“not a site”: Enter an origin like https://www.example.com (no path).'),
      ).toBeVisible();
      await code.getByLabel('Your site’s origins').fill(SITE);
      await code.getByRole('button', { name: 'Restrict key' }).click();
      await expect(code).toContainText('it works only from www.acme.example');
      expect((await ownerGet<{ data: { allowedOrigins: string[] }[] }>(product, owner, '/v1/api-keys')).data).toEqual([
        expect.objectContaining({ allowedOrigins: [SITE] }),
      ]);
    });

    await test.step('a test lead goes through with the restricted key, and does not count as the site’s first', async () => {
      await expect(testIt).toContainText('Waiting for the first notification from your site…');
      await testIt.getByRole('button', { name: 'Send a test lead' }).click();
      // This owner has no device: nothing promises a ring, and the lead is one tap away.
      await expect(testIt).toContainText('Test lead accepted. No device of yours is set to ring yet');
      await expect(testIt.getByRole('link', { name: 'Open the test lead' })).toHaveAttribute(
        'href',
        /^\/leads\/[0-9a-f-]{36}$/,
      );
      await expect(testIt).toContainText('Waiting for the first notification from your site…');
      const [testLead] = await notificationsOf(product, owner, flowId);
      expect(testLead).toMatchObject({ title: 'New lead from Ann', isTest: true });
    });

    await test.step('the site’s form turns the page to Received without a reload', async () => {
      expect(
        await postSiteForm(product, {
          _apiKey: owner.apiKey,
          _flowId: flowId,
          'First Name': 'Priya',
          email: 'priya@example.com',
          message: 'Is Saturday free?',
        }),
      ).toBe(202);
      // From another website, the restricted key is refused.
      expect(
        await postSiteForm(
          product,
          { _apiKey: owner.apiKey, _flowId: flowId, message: 'x' },
          'https://elsewhere.example',
        ),
      ).toBe(403);
      await expect(testIt).toContainText('Received');
      await testIt.getByRole('link', { name: 'See it', exact: true }).click();
      const [latest] = await notificationsOf(product, owner, flowId);
      await expect(page).toHaveURL(new RegExp(`/flows/${flowId}#notification-${latest!.id}$`));
      const row = page.locator(`#notification-${latest!.id}`);
      await expect(row).toBeFocused();
      await expect(row).toContainText('New lead from Priya');
      await expect(page.locator('tbody tr').filter({ hasText: 'New lead from Ann' })).toContainText('Test');
    });
  });

  test('connect › a webhook address is created, takes a Webflow-shaped post, and is turned off', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('hook', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await signInBrowser(context, product, owner);
    await openConnectPage(page, CONTACT_FLOW.name);

    const code = page.getByRole('region', { name: 'Code for your website' });
    await code.getByRole('tab', { name: 'Webhook' }).click();
    await code.getByRole('button', { name: 'Create a webhook address' }).click();
    await expect(code.getByText('Webhook address created.')).toBeVisible();
    await code.getByRole('button', { name: 'Copy Webhook address' }).click();
    await expect(code.getByRole('button', { name: 'Copied Webhook address' })).toBeVisible();
    const address = await page.evaluate(() => navigator.clipboard.readText());
    expect(address).toMatch(new RegExp(`^${product.url}/v1/hooks/\\S+$`));
    await expect(code.getByLabel('Webhook address code')).toHaveText(address);

    const post = async () => {
      const response = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          payload: { data: { 'First Name': 'Wes', email: 'wes@example.com', message: 'Quote?' } },
        }),
      });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await post()).toBe(202);
    expect((await notificationsOf(product, owner, flowId))[0]).toMatchObject({ title: 'New lead from Wes' });

    await code.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Turn the webhook address off?' });
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog).toBeHidden();
    await expect(code.getByText('Webhook address turned off. Requests to it are refused.')).toBeVisible();
    await expect(code.getByRole('button', { name: 'Create a webhook address' })).toBeVisible();
    expect(await post()).toBeGreaterThanOrEqual(400);
  });

  test('notifications › a held, shortened form lead with a foreign redirect: flagged on the flow, held in the list, found from its link', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, {
      email: uniqueEmail('held', testInfo.project.name),
      plan: 'starter',
    });
    const flowId = await createFlow(product, owner, {
      ...CONTACT_FLOW,
      message: '{{First Name}} ({{email}}) wrote: {{message}} Call {{Phone}}.',
    });
    // The visitor's page loaded while the month's leads came in; its form carries the snippet's token
    // (20 leads within a minute and a form without one would be a flood's: decision 039).
    const fill = await fillTokenOf(product, flowId);
    for (let index = 1; index <= 20; index += 1) {
      expect(await notify(product, owner.apiKey, { flowId, data: { 'First Name': `Lead ${index}` } })).toBe(202);
    }
    await fill.ready;
    // Over Starter's limit, with a redirect to a site that is not the owner's and an over-long value.
    expect(
      await postSiteForm(product, {
        _apiKey: owner.apiKey,
        _flowId: flowId,
        _fillToken: fill.token,
        _redirect: 'https://elsewhere.example/thanks',
        'First Name': 'Held Hana',
        message: 'x'.repeat(1200),
      }),
    ).toBe(202);
    const [held] = await notificationsOf(product, owner, flowId);
    expect(held).toMatchObject({ title: 'New lead from Held Hana', isHeld: true });
    await signInBrowser(context, product, owner);

    await page.goto('/flows');
    await expect(
      page.getByText('Your form asked to return to https://elsewhere.example/thanks which is not one of your sites.'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Usage this month' })).toContainText('1 lead waiting.');

    // The notification email links here.
    await page.goto(`/flows/${flowId}#notification-${held!.id}`);
    const row = page.locator(`#notification-${held!.id}`);
    await expect(row).toBeFocused();
    await expect(row).toContainText('Held');
    await expect(row).toContainText('1 field shortened');
    await expect(row.getByRole('link', { name: 'choose a larger plan' })).toHaveAttribute('href', '/account#plan');
    await expect(page.getByRole('alert').filter({ hasText: 'Your form asked to return to' })).toContainText(
      '_redirect',
    );

    await row.getByRole('button', { name: 'Details of New lead from Held Hana' }).click();
    const dialog = page.getByRole('dialog', { name: 'New lead from Held Hana' });
    await expect(dialog).toContainText('Received');
    await expect(dialog.getByRole('region', { name: 'Fields' })).toContainText('First NameHeld Hana');
    await expect(dialog.getByRole('region', { name: 'Fields' })).toContainText('shortened');
    await expect(dialog).toContainText('Held: not delivered until you choose a larger plan.');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/flows/${flowId}/edit`);
    await expect(
      page.getByText(/No recent notification had a field named Phone; the last 21 had: .*First Name/),
    ).toBeVisible();
  });
});
