import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PLANS } from '@leadbell/shared/plans';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

/** Every pre-rendered public page and a line of its content. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Never Miss a Lead Again!' },
  { path: '/pricing', heading: 'Simple plans that grow with you' },
  { path: '/blog', heading: 'Answer every lead, faster' },
  { path: '/blog/speed-to-lead', heading: 'Speed to lead: why the first five minutes decide the sale' },
  { path: '/blog/connect-your-contact-form', heading: "How to connect your website's contact form to Leadbell" },
  {
    path: '/blog/lead-notifications-on-your-phone',
    heading: 'Get new leads on your phone: notifications on iPhone and Android',
  },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
];

type ManifestChunk = { file: string };

/** Files of the console's build that the public pages' own build does not also emit. */
async function consoleOnlyFiles(): Promise<Set<string>> {
  const read = async (name: string) =>
    Object.values(JSON.parse(await readFile(`${DIST}.vite/${name}`, 'utf8')) as Record<string, ManifestChunk>).map(
      (chunk) => `/${chunk.file}`,
    );
  const publicFiles = new Set(await read('public-manifest.json'));
  return new Set((await read('manifest.json')).filter((file) => !publicFiles.has(file)));
}

function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The FAQ works once its island has hydrated; a click before that does nothing, so retry until it takes. */
async function openQuestion(page: Page, question: string) {
  const button = page.getByRole('button', { name: question });
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
  }).toPass();
}

test.describe('public site', () => {
  test('navigation › the desktop header reaches Product, Pricing, Sign In and Get Started; Blog is not in it', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the phone project opens the menu instead');
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Blog' })).toBeHidden();

    await header.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Simple plans that grow with you' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');

    await header.getByRole('link', { name: 'Product' }).click();
    await expect(page).toHaveURL(/\/#product$/);
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();

    await header.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await page.goto('/');
    await header.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });

  test('navigation › the phone menu lists Product, Pricing, Blog, Sign In and Get Started, and closes', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'desktop', 'the desktop header shows its links without a menu');
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    for (const name of ['Product', 'Pricing', 'Blog', 'Sign In', 'Get Started']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Answer every lead, faster' })).toBeVisible();

    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('pricing › the FAQ opens one answer at a time, and clicking the open question closes it', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    await page.goto('/pricing');
    const first = page.getByRole('button', { name: 'What counts as a notification?' });
    const second = page.getByRole('button', { name: 'Can I change my plan later?' });
    const firstAnswer = page.getByRole('region', { name: 'What counts as a notification?' });
    const secondAnswer = page.getByRole('region', { name: 'Can I change my plan later?' });
    await expect(firstAnswer).toBeHidden();

    await openQuestion(page, 'What counts as a notification?');
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toContainText('one inquiry, booking or order is one notification');
    await expect(first).toHaveAttribute('aria-controls', (await firstAnswer.getAttribute('id'))!);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(secondAnswer).toBeVisible();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(secondAnswer).toBeHidden();
    await expect(page.getByRole('button', { expanded: true })).toHaveCount(0);
  });

  test('pricing › four plan cards from the plan catalogue, each with Get Started to sign up', async ({ page }) => {
    await page.goto('/pricing');
    for (const plan of PLANS) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan.title }) });
      await expect(card).toContainText(plan.priceUsd === 0 ? 'Free' : `$${plan.priceUsd}/month`);
      await expect(card).toContainText(`${plan.includedNotifications.toLocaleString('en-US')} notifications a month`);
    }
    await page.getByRole('link', { name: 'Get Started with Growth' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });

  test('footer › the copyright year comes from the visitor’s clock; the pre-rendered HTML has the build year', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(new RegExp(`© <span data-current-year="true">${new Date().getFullYear()}</span> Leadbell`));

    await page.clock.setFixedTime(new Date('2031-06-01T12:00:00'));
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2031 Leadbell. All rights reserved.');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('link', { name: 'Leadbell on LinkedIn' })).toBeVisible();
  });

  test('404 › an unknown path answers status 404 with a way home; console routes still load on reload', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Never Miss a Lead Again!' })).toBeVisible();

    expect((await page.request.get('/flows/7d3c1f0e-3c51-4b55-9a8f-2b2f1c0e8a11')).status()).toBe(200);
    expect((await page.request.get('/blog/no-such-post')).status()).toBe(404);
  });

  test('scroll › every route change starts at the top of the page', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const scrollToFooter = async () => {
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    };

    // A pre-rendered page to another.
    await page.goto('/');
    await scrollToFooter();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Inside the console's router, which shows public pages without a reload.
    await page.goto('/sign-up');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await scrollToFooter();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle('Terms of Service · Leadbell');
  });

  test('pre-rendered › each page’s HTML carries its content, head and structured data before any script runs', async ({
    page,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    for (const { path, heading } of PUBLIC_PAGES) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(heading.replaceAll("'", '&#x27;'));
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
      expect(html, path).toContain(`<link rel="canonical" href="${product.url}${path}" />`);
      expect(html, path).toContain(`<meta property="og:url" content="${product.url}${path}" />`);
      expect(html, path).not.toContain('%LEADBELL_');
    }

    const prices = PLANS.map((plan) => String(plan.priceUsd));
    for (const path of ['/', '/pricing']) {
      const product = jsonLdOf(await (await page.request.get(path)).text()).find((item) => item['@type'] === 'Product');
      const offers = product?.offers as Array<{ price: string; priceCurrency: string }>;
      expect(
        offers.map((offer) => offer.price),
        path,
      ).toEqual(prices);
      expect(new Set(offers.map((offer) => offer.priceCurrency)), path).toEqual(new Set(['USD']));
    }

    const terms = await (await page.request.get('/terms-of-service')).text();
    expect(terms).toContain('Effective <time dateTime="2025-01-14">January 14, 2025</time>');
    expect(terms).toContain('at least 18 years old');
    expect(terms).toContain('mailto:support@leadbell.app');
    const privacy = await (await page.request.get('/privacy-policy')).text();
    expect(privacy).toContain('January 14, 2025');
    expect(privacy).toContain('<a href="mailto:support@leadbell.app">support@leadbell.app</a>');

    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    for (const { path } of PUBLIC_PAGES) expect(sitemap).toContain(`<loc>${product.url}${path}</loc>`);
    expect(await (await page.request.get('/robots.txt')).text()).toContain(`Sitemap: ${product.url}/sitemap.xml`);
  });

  test('pre-rendered › pages read and link without JavaScript', async ({ browser, product }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: product.url });
    const page = await context.newPage();
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    }
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await context.close();
  });

  test('bundles › public pages load no console code and call no API', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const consoleFiles = await consoleOnlyFiles();
    expect(consoleFiles.size).toBeGreaterThan(10);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    await page.goto('/no-such-page', { waitUntil: 'networkidle' });
    expect(requested.filter((path) => consoleFiles.has(path))).toEqual([]);
    expect(requested.filter((path) => path.startsWith('/v1/'))).toEqual([]);
    expect(requested.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
  });

  test('accessibility › axe finds no serious or critical WCAG A/AA violations on any public page', async ({
    page,
  }, testInfo) => {
    // Axe on every public page in one test: on a slow CI host it outlasted the default minute.
    test.setTimeout(90_000);
    const audit = async (label: string) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${label}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(serious).toEqual([]);
    };
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await audit(path);
    }
    await page.goto('/no-such-page');
    await audit('404');

    await page.goto('/pricing');
    await openQuestion(page, 'What counts as a notification?');
    await audit('/pricing with an answer open');
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
      await audit('/pricing with the menu open');
    }
  });
});
