import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

// Swagger UI parses about a megabyte of JavaScript and the whole document before it draws a
// heading: seconds on a busy two-core machine, more than the default wait.
const RENDERED = { timeout: 30_000 };

test.describe('API reference', () => {
  test('renders the API from its OpenAPI document without signing in, everything from our own origin', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const origin = new URL(baseURL!).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (['http:', 'https:'].includes(url.protocol) && url.origin !== origin) elsewhere.push(request.url());
    });

    const response = await page.goto('/docs/api');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('API reference · Leadbell');
    await expect(page.getByRole('heading', { name: /Leadbell API/ })).toBeVisible(RENDERED);

    const notify = page.locator('.opblock-post').filter({ hasText: '/v1/notify' }).first();
    await expect(notify).toBeVisible();
    await expect(notify).toContainText('Send a notification');
    // Opening the operation shows its three body types and the shared error envelope.
    await notify.locator('.opblock-summary-control').click();
    await expect(notify.getByText('application/x-www-form-urlencoded', { exact: false }).first()).toBeAttached();
    await expect(notify.getByText('requestId').first()).toBeAttached();

    expect(elsewhere, 'requests to another origin').toEqual([]);
  });

  test('the public site’s footer links to it, and other unknown paths keep the 404 page', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'API reference' }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole('heading', { name: /Leadbell API/ })).toBeVisible(RENDERED);

    expect((await page.request.get('/docs/api/nope')).status()).toBe(404);
    expect((await page.request.get('/docs/apis')).status()).toBe(404);
    const document = await page.request.get('/v1/openapi.json');
    expect(document.status()).toBe(200);
    expect(((await document.json()) as { info: { title: string } }).info.title).toBe('Leadbell API');
  });
});
