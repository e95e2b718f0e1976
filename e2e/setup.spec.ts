import {
  createFlow,
  createOwner,
  fcmSubscription,
  notify,
  registerDevice,
  setEmailCopies,
  signInBrowser,
  uniqueEmail,
} from './fixtures/owner-api.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} asked: {{question}}' };

test.describe('setup', () => {
  test('setup › the checklist on /flows ticks live when the website’s first lead arrives', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('setup', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await signInBrowser(context, product, owner);

    await page.goto('/flows');
    const checklist = page.getByRole('region', { name: 'Set up Leadbell' });
    await expect(checklist).toContainText('0 of 4 done');
    const device = checklist.getByRole('region', { name: 'Choose how you’re alerted' });
    await expect(device.getByRole('button', { name: 'Choose how you’re alerted' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const connect = checklist.getByRole('region', { name: 'Connect your website' });
    await connect.getByRole('button', { name: 'Connect your website' }).click();
    await expect(connect.getByRole('link', { name: 'Open the Connect page' })).toHaveAttribute(
      'href',
      `/flows/${flowId}/connect`,
    );

    // A real lead ticks two steps, over the live stream (or its `ready` catch-up if it connects later).
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Ada', question: 'Price?' } })).toBe(202);
    await expect(checklist).toContainText('2 of 4 done');
    await expect(checklist.getByRole('region', { name: 'Your first real lead arrived' })).toContainText('Done');
    await expect(connect).toContainText('Done');
    // The nav's Setup item counts too (inside the menu sheet on phones).
    if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Setup/ })).toContainText(
      '2 of 4',
    );
  });

  test('setup › the shell warns when nothing would alert the owner, until dismissed for a week', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the warning is the same at every width');
    const owner = await createOwner(product, { email: uniqueEmail('silent', testInfo.project.name) });
    await signInBrowser(context, product, owner);

    // With no device, email copies reach the owner: no warning.
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    await expect(page.getByText('You will not be alerted about new leads')).toHaveCount(0);

    // A device that never confirmed a push, and email copies off: nothing would reach them.
    await registerDevice(product, owner, fcmSubscription(), 'Old phone');
    await setEmailCopies(product, owner, false);
    await page.reload();
    const warning = page.getByRole('status', { name: 'You will not be alerted about new leads' });
    await expect(warning).toContainText(
      'None of your devices has confirmed it gets notifications, and email copies are off.',
    );
    await warning.getByRole('link', { name: 'Set up notifications' }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole('region', { name: 'Set up Leadbell' })).toContainText('1 of 4 done');

    // Turning email copies on (the Account switch) makes it untrue at once; off again, it is back.
    const copies = page.getByRole('switch', { name: 'Also email me every notification' });
    await page.goto('/account');
    await copies.click();
    await expect(copies).toBeChecked();
    await expect(warning).toHaveCount(0);
    await copies.click();
    await expect(copies).not.toBeChecked();
    await expect(warning).toBeVisible();

    await warning.getByRole('button', { name: 'Dismiss the warning for a week' }).click();
    await expect(warning).toHaveCount(0);
    await page.goto('/flows');
    await expect(page.getByRole('heading', { name: 'Flows', exact: true })).toBeVisible();
    await expect(warning).toHaveCount(0);

    // Dismissed for a week in this browser: another tab does not show it either.
    const other = await context.newPage();
    await other.goto('/flows');
    await expect(other.getByRole('heading', { name: 'Flows', exact: true })).toBeVisible();
    await expect(other.getByText('You will not be alerted about new leads')).toHaveCount(0);
    await other.close();
  });
});
