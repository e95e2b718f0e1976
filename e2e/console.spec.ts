import type { Locator, Page, Request } from '@playwright/test';
import { createFlow, createOwner, notify, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} asked: {{question}}' };

/** The body rows of the page's table (the header row is left out). */
function bodyRows(page: Page) {
  return page.locator('tbody tr');
}

/**
 * A flow's last lead and a key's last use are written by the worker after the 202 (the ingest
 * budget), so a page read at once may come before them; reload until the page shows them. Each
 * reload waits as long as any page load may take for the row to show (a busy CI machine took
 * more than a second), and only briefly for the worker's text in it.
 */
async function reloadUntil(page: Page, locator: Locator, text: string | RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible();
    await expect(locator).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('console', () => {
  test('onboarding › both steps validate, then the plan leads to an empty flow list', async ({
    page,
    product,
    context,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('onboard', testInfo.project.name), onboard: false });
    await signInBrowser(context, product, owner);

    await page.goto('/flows');
    await expect(page).toHaveURL(/\/onboarding\/entity$/);
    await page.getByRole('button', { name: 'Create Entity' }).click();
    await expect(page.getByText('Entity name is required')).toBeVisible();
    await page.getByLabel('Entity Name').fill('Ab');
    await page.getByRole('button', { name: 'Create Entity' }).click();
    await expect(page.getByText('Please enter a valid Entity name.')).toBeVisible();
    await page.getByLabel('Entity Name').fill('Blue Door Realty');
    await page.getByRole('button', { name: 'Create Entity' }).click();

    await expect(page).toHaveURL(/\/onboarding\/plan$/);
    await expect(page.getByRole('heading', { name: 'Select your plan' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(4);
    await page.getByRole('button', { name: 'Select & continue' }).click();
    await expect(page.getByText('Please select a plan.')).toBeVisible();
    await page.getByRole('radio', { name: /Starter/ }).click();
    await page.getByRole('button', { name: 'Select & continue' }).click();

    await expect(page).toHaveURL(/\/flows$/);
    await expect(page.getByText("You haven't created any flows yet")).toBeVisible();
    await page.goto('/onboarding/entity');
    await expect(page).toHaveURL(/\/flows$/);
  });

  test('flows › create, copy the ID, edit and delete, with every validation message', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('flows', testInfo.project.name) });
    await signInBrowser(context, product, owner);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });

    await test.step('create: empty fields say what to enter; too-short ones have the spec’s messages', async () => {
      await page.goto('/flows');
      await page.getByRole('link', { name: 'Add New' }).click();
      await expect(page).toHaveURL(/\/flows\/new$/);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Please enter a name for the flow.')).toBeVisible();
      await expect(page.getByText('Please enter the title your phone shows.')).toBeVisible();
      await expect(page.getByText('Please enter the message your phone shows.')).toBeVisible();

      await page.getByLabel('Name').fill('ab');
      await page.getByLabel('Title').fill('hi');
      await page.getByLabel('Message').fill('too short');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Please enter valid Name')).toBeVisible();
      await expect(page.getByText('Please enter valid Title')).toBeVisible();
      await expect(page.getByText('Please enter valid Message')).toBeVisible();

      await page.getByLabel('Name').fill(CONTACT_FLOW.name);
      await page.getByLabel('Title').fill(CONTACT_FLOW.title);
      await page.getByLabel('Message').fill(CONTACT_FLOW.message);
      await expect(page.getByText('Used in this flow')).toBeVisible();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // The entity's first flow opens its Connect page: connecting the website is the next step.
      await expect(page).toHaveURL(/\/flows\/[0-9a-f-]{36}\/connect$/);
      await expect(page.getByText('Flow created successfully.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Connect your website' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to flows' }).click();
      await expect(bodyRows(page)).toHaveCount(1);
      await expect(bodyRows(page).first()).toContainText(CONTACT_FLOW.title);
      await expect(bodyRows(page).first()).toContainText('No leads yet');
    });

    let flowId = '';
    await test.step('copy the flow ID: the row says Copied and the clipboard holds the full ID', async () => {
      await page.getByRole('button', { name: `Copy flow ID of ${CONTACT_FLOW.name}` }).click();
      await expect(page.getByRole('button', { name: `Copied flow ID of ${CONTACT_FLOW.name}` })).toBeVisible();
      flowId = await page.evaluate(() => navigator.clipboard.readText());
      expect(flowId).toMatch(/^[0-9a-f-]{36}$/);
      await expect(bodyRows(page).first()).toContainText(`${flowId.slice(0, 3)}*****${flowId.slice(-3)}`);
    });

    await test.step('edit: prefilled, validated, and saves the real title', async () => {
      await page.getByRole('link', { name: `Edit ${CONTACT_FLOW.name}` }).click();
      await expect(page.getByRole('heading', { name: `Edit Flow: ${CONTACT_FLOW.name}` })).toBeVisible();
      await expect(page.getByLabel('Title')).toHaveValue(CONTACT_FLOW.title);
      await page.getByLabel('Title').fill('x');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Please enter valid Title')).toBeVisible();
      // The shared schema refuses broken placeholders in the browser, before any request.
      const saves: string[] = [];
      const recordSave = (request: Request) => {
        if (request.method() === 'PUT') saves.push(request.url());
      };
      page.on('request', recordSave);
      await page.getByLabel('Title').fill('New lead: {{name}} {{phone');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Title has an unclosed {{ at character 20.');
      page.off('request', recordSave);
      expect(saves).toEqual([]);
      await page.getByLabel('Name').fill('Website contact');
      await page.getByLabel('Title').fill('Call back {{name}}');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page).toHaveURL(/\/flows$/);
      await expect(page.getByText('Flow edited successfully')).toBeVisible();
      const row = bodyRows(page).first();
      await expect(row).toContainText('Website contact');
      await expect(row).toContainText('Call back {{name}}');
    });

    await test.step('delete: the confirmation counts the notifications that go with it', async () => {
      expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Bo' } })).toBe(202);
      expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Cy' } })).toBe(202);
      // Both leads counted, so the dialog below reads 2 whichever take moved each lead in.
      await reloadUntil(page, bodyRows(page).first(), /2\s*Last lead just now/);

      await page.getByRole('button', { name: 'Delete Website contact' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this flow?' });
      await expect(dialog).toContainText('will be deleted together with its 2 notifications');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(bodyRows(page)).toHaveCount(1);

      await page.getByRole('button', { name: 'Delete Website contact' }).click();
      await dialog.getByRole('button', { name: 'Delete flow and notifications' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Flow “Website contact” deleted.')).toBeVisible();
      await expect(page.getByText("You haven't created any flows yet")).toBeVisible();
      expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Di' } })).toBe(404);
    });
  });

  test('notifications › a notification sent while the list is open appears on top without reload', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('live', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await signInBrowser(context, product, owner);

    await page.goto(`/flows/${flowId}`);
    await expect(page.getByRole('heading', { name: 'New lead: {{name}} Notifications' })).toBeVisible();
    await expect(page.getByText("You haven't received any notification yet")).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Bob', question: 'Is it free?' } })).toBe(202);
    await expect(page.getByText('New lead: Bob')).toBeVisible({ timeout: 2_000 });
    await expect(page.getByText('Bob asked: Is it free?')).toBeVisible();

    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Cleo', question: 'Price?' } })).toBe(202);
    await expect(bodyRows(page).first()).toContainText('New lead: Cleo', { timeout: 2_000 });
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(bodyRows(page).nth(1)).toContainText('New lead: Bob');
    expect(navigations, 'the page must not reload').toEqual([]);

    await page.getByRole('link', { name: 'Back to flows' }).click();
    await expect(page).toHaveURL(/\/flows$/);
    // The flow's count is the worker's to write as the leads settle (after the take rang them).
    await reloadUntil(page, bodyRows(page).first(), /2\s*Last lead just now/);
    await expect(bodyRows(page).first().locator('td[data-label="Notifications"]')).toHaveText(/^2/);
    await expect(bodyRows(page).first()).toContainText('Last lead just now');
  });

  test('notifications › 55 notifications load 50 at a time with Load more', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('pages', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    for (let index = 1; index <= 55; index += 1) {
      expect(await notify(product, owner.apiKey, { flowId, data: { name: `Lead ${index}`, question: 'Hi' } })).toBe(
        202,
      );
    }
    await signInBrowser(context, product, owner);

    await page.goto(`/flows/${flowId}`);
    await expect(bodyRows(page)).toHaveCount(50);
    await expect(bodyRows(page).first()).toContainText('New lead: Lead 55');
    await expect(bodyRows(page).last()).toContainText('New lead: Lead 6');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(bodyRows(page)).toHaveCount(55);
    await expect(bodyRows(page).last()).toContainText('New lead: Lead 1');
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
    await expect(page.getByText('55 notifications, all shown.')).toBeVisible();
  });

  test('api keys › create with a label, copy, revoke, and the revoked key is refused', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('keys', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await signInBrowser(context, product, owner);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });

    await page.goto('/api');
    await expect(bodyRows(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await expect(dialog.getByLabel('Label (optional)')).toBeFocused();
    await dialog.getByLabel('Label (optional)').fill('x'.repeat(61));
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Label must be 60 characters or less.')).toBeVisible();
    await dialog.getByLabel('Label (optional)').fill('Main website');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('API key “Main website” created.')).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(2);

    const row = bodyRows(page).filter({ hasText: 'Main website' });
    await expect(row).toContainText('Never');
    await row.getByRole('button', { name: 'Copy API key Main website' }).click();
    await expect(row.getByRole('button', { name: 'Copied API key Main website' })).toBeVisible();
    const newKey = await page.evaluate(() => navigator.clipboard.readText());
    expect(newKey).toMatch(/^lb_live_/);
    expect(newKey).not.toBe(owner.apiKey);
    await expect(row).toContainText(newKey.slice(0, 4));
    await expect(row).toContainText(newKey.slice(-4));

    expect(await notify(product, newKey, { flowId, data: { name: 'Key test' } })).toBe(202);
    await reloadUntil(page, row, 'just now');

    await row.getByRole('button', { name: 'Revoke Main website' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await expect(confirm).toContainText('stops working at once');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Main website revoked. It no longer works.')).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);

    expect(await notify(product, newKey, { flowId, data: { name: 'Revoked' } })).toBe(401);
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Still fine' } })).toBe(202);
  });

  test('shell › the phone menu traps focus, closes on Escape and on navigation', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the hamburger menu exists below the md breakpoint only');
    const owner = await createOwner(product, { email: uniqueEmail('menu', testInfo.project.name) });
    await signInBrowser(context, product, owner);

    await page.goto('/flows');
    await expect(page.getByRole('heading', { name: 'Flows', exact: true })).toBeVisible();
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });

    await openMenu.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByText(owner.entityName)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Flows' })).toHaveAttribute('aria-current', 'page');
    const focusInside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await focusInside()).toBe(true);
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside(), `focus left the menu after ${step + 1} Tab presses`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openMenu).toBeFocused();

    await openMenu.click();
    await menu.getByRole('link', { name: 'API Keys' }).click();
    await expect(page).toHaveURL(/\/api$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();
  });
});
