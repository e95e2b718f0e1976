import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FILL_TIME } from '../apps/server/src/features/spam/fill-time-token.ts';
import { createFlow, createOwner, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const CONTACT_FLOW = {
  name: 'Contact form',
  title: 'New lead from {{name}}',
  message: '{{name}} ({{email}}) wrote: {{message}}',
};
// Cloudflare's documented test keys: a widget that always passes, and the secret that goes with it.
const TEST_SITE_KEY = '1x00000000000000000000AA';
const TEST_SECRET = '1x0000000000000000000000000000000AA';
const TOKEN_REASONS = ['missing_token', 'too_fast', 'forged_token', 'replayed_token', 'expired_token'];

/** A customer's website on another origin whose page is `html`, as they would paste it. */
async function serveSitePage(html: string) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Homes</title></head>
<body><h1>Contact us</h1>${html}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('spam protection', () => {
  test('spam protection › an admin turns Cloudflare Turnstile on with its test keys, the HTML form gets the widget, and turns it off', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('turnstile', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const flowOnServer = () => ownerGet<{ turnstileSiteKey: string | null }>(product, owner, `/v1/flows/${flowId}`);
    await signInBrowser(context, product, owner);
    await page.goto('/flows');
    await page.getByRole('link', { name: `Edit ${CONTACT_FLOW.name}` }).click();
    const section = page.getByRole('region', { name: 'Spam protection' });

    await test.step('it says every lead is checked, and where to get Turnstile’s keys', async () => {
      await expect(section).toContainText('Every lead is checked for spam as it arrives.');
      await expect(section.getByRole('link', { name: 'Spam', exact: true })).toHaveAttribute(
        'href',
        '/leads?filter=spam',
      );
      await expect(section.getByRole('link', { name: /how to get the keys/ })).toHaveAttribute(
        'href',
        'https://developers.cloudflare.com/turnstile/get-started/',
      );
    });

    await test.step('the keys are checked field by field', async () => {
      await section.getByRole('button', { name: 'Turn on Turnstile' }).click();
      await expect(section.getByText('Please enter the site key from Cloudflare’s Turnstile page.')).toBeVisible();
      await expect(section.getByText('Please enter the secret key from Cloudflare’s Turnstile page.')).toBeVisible();
      await expect(section.getByLabel('Site key')).toBeFocused();
      await section.getByLabel('Site key').fill('not a key!');
      await section.getByRole('button', { name: 'Turn on Turnstile' }).click();
      await expect(section.getByText('A site key has only letters, digits, - and _.')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, testInfo, 'spam-protection-errors');
    });

    await test.step('turned on, it shows its site key, and an edit in progress above is kept', async () => {
      await page.getByLabel('Name', { exact: true }).fill('Website contact');
      await section.getByLabel('Site key').fill(TEST_SITE_KEY);
      await section.getByLabel('Secret key').fill(TEST_SECRET);
      await section.getByRole('button', { name: 'Turn on Turnstile' }).click();
      await expect(section.getByText(`Turnstile is on (site key ${TEST_SITE_KEY})`)).toBeVisible();
      await expect(page.locator(':focus')).toContainText(`Turnstile is on (site key ${TEST_SITE_KEY})`);
      await expect(section.getByRole('status')).toHaveCount(0);
      await expect(section).toContainText('Changes take effect within a minute.');
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Website contact');
      const flow = await flowOnServer();
      expect(flow.turnstileSiteKey).toBe(TEST_SITE_KEY);
      expect(JSON.stringify(flow)).not.toContain(TEST_SECRET);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, testInfo, 'spam-protection-on');
    });

    await test.step('changing keys asks for the secret again', async () => {
      await section.getByRole('button', { name: 'Change keys' }).click();
      await expect(section.getByLabel('Site key')).toHaveValue(TEST_SITE_KEY);
      await expect(section.getByLabel('Secret key')).toHaveValue('');
      await expect(section).toContainText('Paste it again: it is never shown.');
      await section.getByLabel('Secret key').fill(TEST_SECRET);
      await section.getByRole('button', { name: 'Save keys' }).click();
      await expect(page.locator(':focus')).toContainText('New keys saved.');
      await expect(section.getByText(`Turnstile is on (site key ${TEST_SITE_KEY})`)).toBeVisible();
    });

    await test.step('the Connect page’s HTML form carries the widget', async () => {
      await section.getByRole('link', { name: 'Connect your website' }).click();
      await expect(page).toHaveURL(new RegExp(`/flows/${flowId}/connect$`));
      const html = page.getByRole('region', { name: 'Code for your website' }).getByLabel('HTML form code');
      await expect(html).toContainText(
        '<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>',
      );
      await expect(html).toContainText(`<div class="cf-turnstile" data-sitekey="${TEST_SITE_KEY}"></div>`);
      await page.goBack();
    });

    await test.step('turned off after confirming', async () => {
      await section.getByRole('button', { name: 'Turn off' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Turn Turnstile off?' });
      await expect(dialog).toContainText('every lead is still checked for spam');
      await screenshot(page, testInfo, 'spam-protection-turn-off', { fullPage: false });
      await dialog.getByRole('button', { name: 'Turn off' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator(':focus')).toContainText('Turnstile is off. Forms stop asking for it within a minute.');
      await expect(section.getByRole('button', { name: 'Turn on Turnstile' })).toBeVisible();
      expect((await flowOnServer()).turnstileSiteKey).toBeNull();
      await screenshot(page, testInfo, 'spam-protection-off');
    });

    await test.step('the HTML form has no widget any more', async () => {
      await page.goto(`/flows/${flowId}/connect`);
      const html = page.getByRole('region', { name: 'Code for your website' }).getByLabel('HTML form code');
      await expect(html).toContainText('name="_fillToken"');
      await expect(html).not.toContainText('cf-turnstile');
    });
  });
});

test.describe('fill-time token', () => {
  // A real visitor's browser sends no X-Forwarded-For; a header the API's CORS does not allow would fail the preflight.
  test.use({ extraHTTPHeaders: {} });

  test('fill-time token › the HTML form pasted into a site’s page gets its fill token from the server as it loads, and its lead arrives with it', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a runtime check; the page has nothing to lay out');
    const owner = await createOwner(product, { email: uniqueEmail('fill-token', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await signInBrowser(context, product, owner);
    await page.goto(`/flows/${flowId}/connect`);
    await page.getByRole('button', { name: 'Copy HTML form' }).click();
    await expect(page.getByRole('button', { name: 'Copied HTML form' })).toBeVisible();
    const site = await serveSitePage(await page.evaluate(() => navigator.clipboard.readText()));
    try {
      await page.goto(site.origin);
      await expect(page.locator('input[name="_fillToken"]')).toHaveValue(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{22}$/);
      const loadedAt = Date.now();
      await page.getByLabel('Name').fill('Priya Patel');
      await page.getByLabel('Email').fill('priya.patel@example.com');
      await page.getByLabel('Message').fill('Could you call me back about a quote for Saturday?');
      // A form sent sooner than this after its page loaded was not filled in by a person.
      await page.waitForTimeout(FILL_TIME.minimumSeconds * 1000 + 500 - (Date.now() - loadedAt));
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

      const leadOf = async () =>
        (await product.sql('select lead_status, spam_reasons, fill_token from notifications where flow_id = $1', [
          flowId,
        ])) as { lead_status: string; spam_reasons: { code: string }[] | null; fill_token: string | null }[];
      await expect.poll(async () => (await leadOf()).length).toBe(1);
      const [lead] = await leadOf();
      // The token's nonce is kept only when the token was genuine.
      expect(lead).toMatchObject({ lead_status: 'open', fill_token: expect.any(String) });
      const codes = (lead!.spam_reasons ?? []).map(({ code }) => code);
      expect(codes.filter((code) => TOKEN_REASONS.includes(code))).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
