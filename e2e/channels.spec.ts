import { Webhook } from 'standardwebhooks';
import { createFlow, createOwner, notify, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { test } from './fixtures/loopback-receiver.ts';
import { expect } from './fixtures/test.ts';

test('channels › an admin adds a webhook endpoint, sees its secret once, sends a test, and reads the delivery log', async ({
  page,
  product,
  context,
  receiver,
}, testInfo) => {
  const owner = await createOwner(product, { email: uniqueEmail('channels', testInfo.project.name) });
  const flowId = await createFlow(product, owner, {
    name: 'Quote form',
    title: 'New lead: {{name}}',
    message: '{{name}} wrote: {{message}}',
  });
  await signInBrowser(context, product, owner);
  const endpointPath = `/leadbell/${testInfo.project.name}`;
  const endpointUrl = receiver.url(endpointPath);
  const received = () => receiver.at(endpointPath);
  const section = page.getByRole('region', { name: 'Webhooks' });
  let secret = '';

  await test.step('the Channels page starts empty', async () => {
    await page.goto('/channels');
    await expect(page.getByRole('heading', { name: 'Channels', level: 1 })).toBeVisible();
    await expect(section.getByText('No webhook endpoints yet')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'channels-empty');
  });

  await test.step('adding an endpoint checks its fields, then shows the secret once', async () => {
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('checkbox', { name: /New lead/ }).uncheck();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(
      dialog.getByText('Enter the endpoint’s address, like https://example.com/webhooks/leadbell.'),
    ).toBeVisible();
    await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
    await expect(dialog.getByLabel('Endpoint URL')).toBeFocused();

    await dialog.getByLabel('Endpoint URL').fill(endpointUrl);
    await dialog.getByLabel('Description (optional)').fill('CRM');
    await dialog.getByRole('checkbox', { name: /New lead/ }).check();
    await dialog.getByRole('checkbox', { name: /Lead claimed/ }).check();
    await dialog.getByLabel('Flow').selectOption({ label: 'Quote form' });
    await screenshot(page, testInfo, 'channels-add-endpoint', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const panel = page.getByRole('region', { name: 'Endpoint added: copy its signing secret' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading')).toBeFocused();
    secret = (await panel.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    // Registering never contacts the endpoint.
    expect(received()).toHaveLength(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'channels-secret-once');
    await panel.getByRole('button', { name: 'I have saved it' }).click();
    await expect(panel).toBeHidden();
    await page.reload();
    await expect(section.getByRole('heading', { name: 'CRM' })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(section).toContainText('Flow: Quote form');
  });

  await test.step('“Send test” shows the answer, and the receiver can verify the signature', async () => {
    await section.getByRole('button', { name: 'Send test' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Test event delivered' })).toContainText('HTTP 200');
    expect(received()).toHaveLength(1);
    const event = new Webhook(secret).verify(received()[0]!.body, received()[0]!.headers) as {
      type: string;
    };
    expect(event.type).toBe('webhook.test');
  });

  await test.step('a new lead appears in the delivery log, and Resend sends the same event again', async () => {
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Ann', message: 'A quote please' } })).toBe(202);
    await expect.poll(() => received().length).toBe(2);
    await section.getByRole('button', { name: 'Deliveries' }).click();
    await expect(section.getByRole('button', { name: 'Deliveries' })).toHaveAttribute('aria-expanded', 'true');
    const log = section.getByRole('list', { name: 'Deliveries' });
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log.getByRole('listitem').first()).toContainText('New lead');
    await expect(log.getByRole('listitem').first()).toContainText('Delivered');
    await expect(log.getByRole('listitem').nth(1)).toContainText('Test event');
    await log.getByRole('listitem').first().getByText('Response').click();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'channels-delivery-log');

    await log
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Resend New lead/ })
      .click();
    await expect(log.getByRole('listitem').first()).toContainText('Queued: sending again now.');
    await expect.poll(() => received().length).toBe(3);
    expect(received()[2]!.headers['webhook-id']).toBe(received()[1]!.headers['webhook-id']);
    await expect(log.getByRole('listitem').first()).toContainText('2 attempts');
    // Every attempt keeps its own answer (issue 50).
    await log.getByRole('listitem').first().getByText('All 2 attempts').click();
    const attempts = log.getByRole('listitem').first().getByRole('list', { name: 'Attempts' });
    await expect(attempts.getByRole('listitem')).toHaveCount(2);
    await expect(attempts.getByRole('listitem').nth(0)).toContainText('#1');
    await expect(attempts.getByRole('listitem').nth(1)).toContainText('HTTP 200');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'channels-delivery-attempts');
  });

  await test.step('turned off, then deleted after a confirmation', async () => {
    const sending = section.getByRole('switch', { name: 'Send events to CRM' });
    await expect(sending).toBeChecked();
    await sending.click();
    await expect(sending).not.toBeChecked();
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this endpoint?' });
    await screenshot(page, testInfo, 'channels-delete', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByText('No webhook endpoints yet')).toBeVisible();
  });
});
