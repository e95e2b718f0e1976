import { createFlow, createOwner, notify, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { test } from './fixtures/loopback-receiver.ts';
import { expect } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

test('slack › an admin connects a channel, sees the URL masked, sends a test, and reads the log', async ({
  page,
  product,
  context,
  receiver: slack,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
  const owner = await createOwner(product, { email: uniqueEmail('slack', testInfo.project.name) });
  const flowId = await createFlow(product, owner, {
    name: 'Quote form',
    title: 'New lead: {{name}}',
    message: '{{name}} wrote: {{message}}',
  });
  await signInBrowser(context, product, owner);
  const path = `/services/T0${testInfo.project.name}/B0CHANNEL/supersecrettoken`;
  const mine = () => slack.at(path);
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
    await dialog.getByLabel('Incoming-webhook URL').fill(slack.url(path));
    await dialog.getByLabel('Flow').selectOption({ label: 'Quote form' });
    await screenshot(page, testInfo, 'slack-connect', { fullPage: false });
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText(`${slack.url('/services')}/T…/…/••••`)).toBeVisible();
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
