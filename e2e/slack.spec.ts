import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { createFlow, createOwner, notify, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { startProduct } from './fixtures/product.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test as base } from './fixtures/test.ts';

type Posted = { path: string; body: string };
type FakeSlack = { origin: string; posted: Posted[]; close: () => Promise<void> };

/** A fake Slack incoming-webhook service on loopback: it keeps each message and answers 200 "ok". */
async function startFakeSlack(): Promise<FakeSlack> {
  const posted: Posted[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      posted.push({ path: request.url ?? '/', body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    posted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// This journey's product may post to loopback (the fake Slack), as tests and self-hosted networks do.
const test = base.extend<object, { slack: FakeSlack }>({
  slack: [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const slack = await startFakeSlack();
      await use(slack);
      await slack.close();
    },
    { scope: 'worker' },
  ],
  product: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const product = await startProduct({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

async function expectNoHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

test('slack › an admin connects a channel, sees the URL masked, sends a test, and reads the log', async ({
  page,
  product,
  context,
  slack,
}, testInfo) => {
  const owner = await createOwner(product, { email: uniqueEmail('slack', testInfo.project.name) });
  const flowId = await createFlow(product, owner, {
    name: 'Quote form',
    title: 'New lead: {{name}}',
    message: '{{name}} wrote: {{message}}',
  });
  await signInBrowser(context, product, owner);
  const path = `/services/T0${testInfo.project.name}/B0CHANNEL/supersecrettoken`;
  const mine = () => slack.posted.filter((post) => post.path === path);
  const section = page.getByRole('region', { name: 'Slack' });

  await test.step('Slack starts not connected', async () => {
    await page.goto('/channels');
    await expect(section.getByText('Slack is not connected')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'slack-empty');
  });

  await test.step('connecting checks the URL, then shows it masked', async () => {
    await section.getByRole('button', { name: 'Connect Slack' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Slack' });
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByText(/Paste the Slack incoming-webhook URL/)).toBeVisible();
    await expect(dialog.getByLabel('Incoming-webhook URL')).toBeFocused();
    await dialog.getByLabel('Incoming-webhook URL').fill(`${slack.origin}${path}`);
    await dialog.getByLabel('Flow').selectOption({ label: 'Quote form' });
    await screenshot(page, testInfo, 'slack-connect', { fullPage: false });
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText(`${slack.origin}/services/T…/…/••••`)).toBeVisible();
    await expect(section).toContainText('Flow: Quote form');
    await expect(page.getByText('supersecrettoken')).toHaveCount(0);
    // Connecting posts nothing.
    expect(mine()).toHaveLength(0);
  });

  await test.step('“Send test” posts to the channel and says so', async () => {
    await section.getByRole('button', { name: 'Send test' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Test message posted' })).toBeVisible();
    expect(mine()).toHaveLength(1);
  });

  await test.step('a new lead is posted as a Block Kit message and shows in the log', async () => {
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Priya', message: 'A new kitchen' } })).toBe(
      202,
    );
    await expect.poll(() => mine().length).toBe(2);
    const message = JSON.parse(mine()[1]!.body) as { blocks: Array<{ type: string }> };
    expect(message.blocks.map((block) => block.type)).toEqual(['header', 'section', 'context', 'actions']);
    await section.getByRole('button', { name: 'Deliveries' }).click();
    const log = section.getByRole('list', { name: 'Deliveries' });
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log.getByRole('listitem').first()).toContainText('New lead');
    await expect(log.getByRole('listitem').first()).toContainText('Delivered');
    await expect(log.getByRole('listitem').nth(1)).toContainText('Test event');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'slack-connected-log');
  });

  await test.step('disconnected after a confirmation', async () => {
    await section.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect Slack?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByText('Slack is not connected')).toBeVisible();
  });
});
