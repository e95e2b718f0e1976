import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createFlow, createOwner, notify, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import type { Product } from './fixtures/product.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test } from './fixtures/test.ts';
import { leadRow } from './fixtures/inbox.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

/** The server restarts its PostgreSQL within seconds; the console notices within one probe more. */
const RECOVERY_TIMEOUT_MS = 30_000;

// While the database is away every API call answers 503, and the browser logs each such load.
test.use({ allowedBrowserNoise: [/^Failed to load resource: the server responded with a status of 503/] });

async function postmasterPid(product: Product): Promise<number> {
  const pidFile = await readFile(path.join(product.dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number(pidFile.split('\n')[0]);
}

/**
 * Kills the embedded postmaster with -9, as the OOM killer does, and keeps PostgreSQL away until
 * `bringBack` is called. Its data folder is moved aside before the kill (a running PostgreSQL works
 * on from its moved folder), so the server's restarts fail until the folder is back: the restart
 * alone takes under a second, which would end the outage before the console could be looked at.
 */
async function takeDatabaseAway(product: Product) {
  const cluster = path.join(product.dataDir, 'postgres');
  const movedAside = `${cluster}-away`;
  const killed = await postmasterPid(product);
  await rename(cluster, movedAside);
  process.kill(killed, 'SIGKILL');
  let isBack = false;
  return {
    killed,
    bringBack: async () => {
      if (isBack) return;
      isBack = true;
      await rename(movedAside, cluster);
    },
  };
}

async function isReady(product: Product): Promise<boolean> {
  try {
    const response = await fetch(`${product.url}/readyz`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function waitUntilReady(product: Product): Promise<void> {
  await expect.poll(() => isReady(product), { timeout: RECOVERY_TIMEOUT_MS, intervals: [100] }).toBe(true);
}

test.describe('reconnecting', () => {
  test('reconnecting › the database goes away: a calm banner, the console recovers without reload, and leads posted after recovery appear live', async ({
    page,
    context,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    test.setTimeout(120_000);
    const owner = await createOwner(product, {
      email: uniqueEmail('reconnecting', testInfo.project.name),
      name: 'Rae Owner',
      plan: 'pro',
    });
    const flowId = await createFlow(product, owner, {
      name: 'Contact form',
      title: 'New lead: {{name}}',
      message: '{{name}} wrote: {{note}}',
    });
    await signInBrowser(context, product, owner);
    let outage: Awaited<ReturnType<typeof takeDatabaseAway>> | undefined;
    try {
      await page.goto('/leads');
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Ada', note: 'Before' } })).toBe(202);
      await expect(leadRow(page, 'New lead: Ada')).toBeVisible();
      // Marks this document: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      await leadRow(page, 'New lead: Ada').getByRole('link', { name: 'New lead: Ada' }).click();
      // The card's own button: the inbox row has one too, until the card has replaced the list.
      await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
      await expect(
        page.getByRole('region', { name: 'Who is on it' }).getByRole('button', { name: 'I’m on it' }),
      ).toBeVisible();

      outage = await takeDatabaseAway(product);
      // Its backends end moments after the postmaster, not at once: a request in between still
      // succeeded (CI saw a claim go through), so the outage starts once the server sees it.
      await expect.poll(() => isReady(product), { intervals: [100] }).toBe(false);
      // What the owner does during the outage is not dropped silently: a clear error to try again.
      await page.getByRole('button', { name: 'I’m on it' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Leadbell is briefly unavailable. Please try again in a few seconds.',
      );
      const banner = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('Leadbell will catch up by itself.');
      await screenshot(page, testInfo, 'reconnecting-banner', { fullPage: false });
      // No error page for the outage: the inbox shows what it already had.
      await page.goBack();
      await expect(leadRow(page, 'New lead: Ada')).toBeVisible();
      await expect(banner).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);

      // The server restarts PostgreSQL by itself once it can; a lead posted the moment it is back appears live.
      await outage.bringBack();
      await waitUntilReady(product);
      expect(await postmasterPid(product)).not.toBe(outage.killed);
      expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Bea', note: 'Right after' } })).toBe(202);
      await expect(banner).toBeHidden({ timeout: RECOVERY_TIMEOUT_MS });
      await expect(leadRow(page, 'New lead: Bea')).toBeVisible();
      await expect(page.getByText('Live', { exact: true })).toBeVisible();

      expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Cy', note: 'Later' } })).toBe(202);
      await expect(leadRow(page, 'New lead: Cy')).toBeVisible();
      await expect(leadRow(page, 'New lead: Ada')).toBeVisible();

      // Trying again once it is back works.
      await leadRow(page, 'New lead: Ada').getByRole('link', { name: 'New lead: Ada' }).click();
      await page.getByRole('region', { name: 'Who is on it' }).getByRole('button', { name: 'I’m on it' }).click();
      await expect(page.getByRole('region', { name: 'Who is on it' })).toContainText('You’re on it');
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } finally {
      // The product server is shared by the worker's later specs: leave it healthy.
      await outage?.bringBack();
      await writeFile(testInfo.outputPath('server.log'), product.logs());
      await waitUntilReady(product);
    }
  });
});
