import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createFlow, createOwner, notify, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expect, test } from './fixtures/test.ts';

// Issue 14: a strict Content-Security-Policy (scripts from our own files only, no framing) must
// not break a single page. Every public page (the sitemap, the API reference, the sign-in pages)
// and every console route the router declares (console-routes.json, written by the build, so a
// new route is visited without editing this test) is opened and any violation fails the test.

const CONSOLE_ROUTES = JSON.parse(
  readFileSync(new URL('../apps/web/dist/console-routes.json', import.meta.url), 'utf8'),
) as string[];

type Violation = { directive: string; blocked: string; source: string };

async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, source: event.sourceFile }),
    );
  });
}

async function violationsOn(page: Page, path: string): Promise<Violation[]> {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

test.describe('Content-Security-Policy', () => {
  // The policy is the same at every width; one browser size proves it.
  test.skip(({ isMobile }) => isMobile, 'the desktop run covers it');

  test('no public page violates it', async ({ page, baseURL }) => {
    await watchViolations(page);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages.length).toBeGreaterThan(3);
    const paths = [...pages, '/docs/api', '/sign-in', '/sign-up', '/reset-password', '/a-page-that-is-not-here'];
    for (const path of paths) expect(await violationsOn(page, new URL(path, baseURL).pathname), path).toEqual([]);
  });

  test('no console route violates it, signed in with a flow and a lead', async ({ page, context, product }, info) => {
    // A tour of every console route: on a slow CI host it outlasted the default minute.
    test.setTimeout(90_000);
    const owner = await createOwner(product, { email: uniqueEmail('csp', info.project.name) });
    const flowId = await createFlow(product, owner, {
      name: 'Website',
      title: 'New lead: {{name}}',
      message: 'A new lead from the website',
    });
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Ann', phone: '+44 7700 900123' } })).toBe(202);
    const { data } = await ownerGet<{ data: Array<{ id: string }> }>(product, owner, '/v1/leads');
    const leadId = data[0]!.id;
    await signInBrowser(context, product, owner);
    await watchViolations(page);

    // Signing out ends the session the other routes need: it goes last.
    const routes = [...CONSOLE_ROUTES.filter((route) => route !== '/sign-out'), '/sign-out'];
    for (const route of routes) {
      const path = route
        .replace(':flowId', flowId)
        .replace(/:(leadId|id)\b/, leadId)
        .replace(/:\w+/g, 'unknown');
      expect(await violationsOn(page, path), path).toEqual([]);
    }
  });
});
