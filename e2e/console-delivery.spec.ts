import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Page } from '@playwright/test';
import {
  createFlow,
  createOwner,
  fcmSubscription,
  notify,
  ownerGet,
  registerDevice,
  setEmailCopies,
  signInBrowser,
  uniqueEmail,
} from './fixtures/owner-api.ts';
import { showPushedMessage, useStubPushService } from './fixtures/push.ts';
import { PUSH_CAPABLE_BROWSER } from './chromium.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

// Its journeys subscribe to push, which the headless shell lacks.
test.use(PUSH_CAPABLE_BROWSER);

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} asked: {{question}}' };
const ORIGIN_MESSAGE = 'Enter an origin like https://www.example.com (no path).';

function usagePanel(page: Page) {
  return page.getByRole('region', { name: 'Usage this month' });
}

test.describe('console delivery', () => {
  test('usage › the panel counts the month’s notifications on /flows and /account', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('usage', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    for (const name of ['Ada', 'Bo', 'Cy']) {
      expect(await notify(product, owner.apiKey, { flowId, data: { name, question: 'Hi' } })).toBe(202);
    }
    await signInBrowser(context, product, owner);

    await page.goto('/flows');
    const panel = usagePanel(page);
    await expect(panel).toContainText('Growth plan');
    await expect(panel).toContainText('of 1,000 notifications included');
    await expect(panel.getByRole('progressbar', { name: 'Notifications this month' })).toHaveAttribute(
      'aria-valuetext',
      '3 of 1,000',
    );
    await expect(panel).toContainText('Overage so far$0.00');
    await expect(panel).toContainText(/\d+ days left/);

    await page.goto('/account');
    await expect(usagePanel(page).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '3 of 1,000');
  });

  test('usage › Starter holds leads past 20: the panel says so and leads to the plan section', async ({
    page,
    product,
    context,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('starter', testInfo.project.name), plan: 'starter' });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    for (let index = 1; index <= 20; index += 1) {
      expect(await notify(product, owner.apiKey, { flowId, data: { name: `Lead ${index}` } })).toBe(202);
    }
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'One too many' } })).toBe(202);
    await signInBrowser(context, product, owner);

    await page.goto('/flows');
    const panel = usagePanel(page);
    await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '20 of 20');
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('Monthly limit reached.');
    await expect(alert).toContainText(/new leads are kept but ring nobody until [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    await alert.getByRole('link', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(/\/account#plan$/);
    await expect(page.locator('#plan')).toBeFocused();
    await expect(page.getByRole('region', { name: 'Plan', exact: true })).toContainText('You’re on the Starter plan');
  });

  test('plan › a smaller plan waits for the next billing month, shown as pending, and can be cancelled; a larger one starts at once', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('plan', testInfo.project.name) });
    await signInBrowser(context, product, owner);

    await page.goto('/account');
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await expect(plan).toContainText('You’re on the Growth plan ($9/month).');
    await expect(plan.getByRole('radio', { name: /Growth/ })).toBeChecked();
    await expect(plan.getByRole('button', { name: 'Switch to Growth' })).toHaveCount(0);

    // A smaller plan waits for the next billing month (decision 040).
    await plan.getByRole('radio', { name: /Starter/ }).click();
    await plan.getByRole('button', { name: 'Switch to Starter' }).click();
    await expect(plan.getByRole('status')).toHaveText(
      /^Changes to Starter on [A-Z][a-z]{2} \d{1,2}, \d{4}\.Keep Growth$/,
    );
    await expect(plan.getByRole('radio', { name: /Starter/ })).toContainText(/From [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(plan).toContainText('You’re on the Growth plan');
    await expect(usagePanel(page)).toContainText(/Next monthStarter plan, from [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const me = await ownerGet<{ entity: { plan: string; pendingPlan: string | null } }>(product, owner, '/v1/me');
    expect(me.entity).toMatchObject({ plan: 'growth', pendingPlan: 'starter' });

    await page.reload();
    await expect(plan).toContainText(/Changes to Starter on/);
    await expect(plan.getByRole('radio', { name: /Starter/ })).toBeChecked();

    await plan.getByRole('button', { name: 'Keep Growth' }).click();
    await expect(plan.getByText('Change cancelled: you stay on Growth.')).toBeVisible();
    await expect(plan).not.toContainText('Changes to Starter');
    await expect(plan.getByRole('radio', { name: /Growth/ })).toBeChecked();
    await expect(usagePanel(page)).toContainText('Next monthGrowth plan');
    const after = await ownerGet<{ entity: { pendingPlan: string | null } }>(product, owner, '/v1/me');
    expect(after.entity.pendingPlan).toBeNull();

    // A larger one starts at once.
    await plan.getByRole('radio', { name: /Pro/ }).click();
    await plan.getByRole('button', { name: 'Switch to Pro' }).click();
    await expect(plan.getByText('You’re on the Pro plan.')).toBeVisible();
    await expect(usagePanel(page)).toContainText('Next monthPro plan');
    const upgraded = await ownerGet<{ entity: { plan: string; pendingPlan: string | null } }>(product, owner, '/v1/me');
    expect(upgraded.entity).toMatchObject({ plan: 'pro', pendingPlan: null });
  });

  test('api keys › allowed websites are checked line by line, saved, shown, and cleared back to any website', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('origins', testInfo.project.name) });
    await signInBrowser(context, product, owner);

    await page.goto('/api');
    await expect(page.locator('tbody tr').first()).toContainText('Any website');

    await page.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API key' });
    await create.getByLabel('Label (optional)').fill('Shop');
    const origins = create.getByLabel('Allowed websites (optional)');
    await origins.fill('https://shop.example\nshop.example/contact');
    await create.getByRole('button', { name: 'Create key' }).click();
    await expect(create.getByText(`“shop.example/contact”: ${ORIGIN_MESSAGE}`)).toBeVisible();
    await expect(origins).toHaveAttribute('aria-invalid', 'true');
    await origins.fill('https://Shop.example/\n\nhttp://localhost:5173');
    await create.getByRole('button', { name: 'Create key' }).click();
    await expect(create).toBeHidden();

    const row = page.locator('tbody tr').filter({ hasText: 'Shop' });
    // https origins are listed by host; anything else in full.
    await expect(row.getByRole('listitem')).toHaveText(['shop.example', 'http://localhost:5173']);

    await row.getByRole('button', { name: 'Edit allowed websites of Shop' }).click();
    const edit = page.getByRole('dialog', { name: 'Allowed websites for Shop' });
    const field = edit.getByLabel('Allowed websites');
    await expect(field).toHaveValue('https://shop.example\nhttp://localhost:5173');
    await field.fill('ftp://shop.example');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit.getByText(`“ftp://shop.example”: ${ORIGIN_MESSAGE}`)).toBeVisible();
    await field.fill('https://www.shop.example');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Allowed websites of Shop saved.')).toBeVisible();
    await expect(row.getByRole('listitem')).toHaveText(['www.shop.example']);

    await row.getByRole('button', { name: 'Edit allowed websites of Shop' }).click();
    await edit.getByLabel('Allowed websites').fill('');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Any website');
    const keys = await ownerGet<{ data: { label: string | null; allowedOrigins: string[] }[] }>(
      product,
      owner,
      '/v1/api-keys',
    );
    expect(keys.data.find((key) => key.label === 'Shop')?.allowedOrigins).toEqual([]);
  });

  test('devices › a device registered through the API is listed with its platform and can be removed', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('devices', testInfo.project.name) });
    await registerDevice(product, owner, fcmSubscription(), 'Chrome on Android');
    await signInBrowser(context, product, owner);

    await page.goto('/account');
    const devices = page.getByRole('list', { name: 'Your devices' });
    const device = devices.getByRole('listitem').filter({ hasText: 'Chrome on Android' });
    await expect(device).toContainText('Google (Chrome, Android)');
    await expect(device).toContainText('nothing delivered yet');

    await device.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this device?' });
    await expect(confirm).toContainText('stops getting notifications at once');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(device).toBeVisible();

    await device.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    await confirm.getByRole('button', { name: 'Remove device' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Chrome on Android removed. It no longer gets notifications.')).toBeVisible();
    await expect(page.getByText('No devices yet.')).toBeVisible();
    expect((await ownerGet<{ data: unknown[] }>(product, owner, '/v1/push-subscriptions')).data).toEqual([]);
  });

  test('devices › email copies are on until a device confirms, the choice persists, and with no device an email goes out anyway', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('email', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await signInBrowser(context, product, owner);

    await page.goto('/account');
    const toggle = page.getByRole('switch', { name: 'Also email me every notification' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAccessibleDescription(/On until one of your devices confirms it gets notifications/);
    await expect(toggle).toHaveAccessibleDescription(
      /an email copy always goes out when none of your devices can be reached/,
    );

    let mailsBefore = product.smtp.count();
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Mia', question: 'Open Sunday?' } })).toBe(202);
    expect((await product.smtp.waitForMail(owner.email, { after: mailsBefore })).raw).toContain(
      'Mia asked: Open Sunday?',
    );

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect
      .poll(() => ownerGet<{ emailNotifications: boolean }>(product, owner, '/v1/me/delivery-preferences'))
      .toEqual({ emailNotifications: false, isDefault: false, quietHours: null, sms: 'off', voice: 'off' });
    await page.reload();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toHaveAccessibleDescription(/Switch on for a copy of each notification/);

    // Copies are off, but the owner has no device: the email still goes out rather than silence.
    mailsBefore = product.smtp.count();
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Noa', question: 'Still open?' } })).toBe(202);
    expect((await product.smtp.waitForMail(owner.email, { after: mailsBefore })).raw).toContain(
      'Noa asked: Still open?',
    );

    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect
      .poll(() => ownerGet<{ emailNotifications: boolean }>(product, owner, '/v1/me/delivery-preferences'))
      .toEqual({ emailNotifications: true, isDefault: false, quietHours: null, sms: 'off', voice: 'off' });
  });

  test('push › the console registers the service worker, and a pushed message shows as a notification', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('sw', testInfo.project.name) });
    await context.grantPermissions(['notifications'], { origin: product.url });

    await test.step('public pages do not register it', async () => {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    });

    await signInBrowser(context, product, owner);
    await page.goto('/account');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${product.url}/`);

    const shown = await showPushedMessage(
      context,
      page,
      product.url,
      JSON.stringify({
        title: 'New lead: Ada',
        message: 'Ada asked: <b>open Sunday?</b>',
        url: null,
        notificationId: 'n-1',
        flowId: 'f-1',
      }),
    );
    expect(shown).toEqual([
      {
        title: 'New lead: Ada',
        body: 'Ada asked: <b>open Sunday?</b>',
        tag: 'n-1',
        // What the click needs: where the body goes, and the lead the buttons act on (decision 024).
        data: { url: `${product.url}/flows/f-1`, notificationId: 'n-1', phone: null },
      },
    ]);
  });

  test('pwa › the console links a manifest whose icons exist, and sw.js is always revalidated', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('pwa', testInfo.project.name) });
    await signInBrowser(context, product, owner);
    await page.goto('/flows');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Leadbell', start_url: '/leads', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const src of [...manifest.icons.map((icon) => icon.src), touchIcon!, '/icons/badge-96.png']) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
    }
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('devices › blocked notifications explain how to allow them again', async ({
    page,
    product,
    context,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('denied', testInfo.project.name) });
    await signInBrowser(context, product, owner);
    await page.goto('/flows');
    // What the browser records when the owner answers "Block" (Playwright can only grant).
    const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
    await (
      await browser.newBrowserCDPSession()
    ).send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: product.url,
      browserContextId: targetInfo.browserContextId,
    });

    await page.goto('/account');
    const control = page.getByRole('region', { name: 'Notifications on this device' });
    await expect(control.getByRole('alert')).toContainText('Notifications are blocked for Leadbell in this browser.');
    await expect(control.getByRole('alert')).toContainText('set Notifications to Allow for this site');
    await expect(control.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
  });

  test('devices › on an iPhone outside the Home Screen app, the console explains how to add it', async ({
    product,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a phone-only state');
    const owner = await createOwner(product, { email: uniqueEmail('iphone', testInfo.project.name) });
    const { userAgent, viewport, deviceScaleFactor } = devices['iPhone 13'];
    const context = await browser.newContext({
      userAgent,
      viewport,
      deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      baseURL: product.url,
    });
    try {
      const errors: string[] = [];
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await signInBrowser(context, product, owner);
      await page.goto('/account');
      const control = page.getByRole('region', { name: 'Notifications on this device' });
      await expect(control).toContainText(
        'notifications work once Leadbell is on your Home Screen (iOS 16.4 or later)',
      );
      await expect(control.getByRole('listitem')).toHaveText([
        '1. Tap Share in Safari’s toolbar.',
        '2. Choose Add to Home Screen.',
        '3. Open Leadbell from your Home Screen, sign in, and turn notifications on here.',
      ]);
      await expect(control.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('devices › turned on: listed as this device, a test notification arrives, and turning off removes it', async ({
    page,
    product,
    context,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('turn-on', testInfo.project.name) });
    const stub = product.push.createSubscription();
    await useStubPushService(context, stub.subscription);
    await context.grantPermissions(['notifications'], { origin: product.url });
    await signInBrowser(context, product, owner);

    await page.goto('/account');
    const control = page.getByRole('region', { name: 'Notifications on this device' });
    await control.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(control.getByText('This device gets a notification for every lead.')).toBeVisible();
    const label = testInfo.project.name === 'phone' ? 'Chrome on Android' : 'Chrome on Windows';
    const device = page.getByRole('list', { name: 'Your devices' }).getByRole('listitem').filter({ hasText: label });
    await expect(device).toContainText('This device');

    await page.reload();
    await expect(control.getByText('This device gets a notification for every lead.')).toBeVisible();

    await control.getByRole('button', { name: 'Send test notification' }).click();
    await expect(control.getByText('Test notification sent.')).toBeVisible();
    const [message] = await product.push.waitForMessages(stub.id, 1);
    expect(message!.payload).toMatchObject({ title: expect.any(String), message: expect.any(String) });

    await test.step('the decrypted message, handed to the service worker, shows as a notification', async () => {
      const shown = await showPushedMessage(context, page, product.url, JSON.stringify(message!.payload));
      // A test notification has no tag, so a redelivered one could stand twice: titles are what count.
      expect([...new Set(shown.map((notification) => notification.title))]).toEqual([message!.payload.title]);
    });

    await expect
      .poll(
        async () =>
          (await ownerGet<{ data: { lastSuccessAt: string | null }[] }>(product, owner, '/v1/push-subscriptions'))
            .data[0]?.lastSuccessAt,
      )
      .toEqual(expect.any(String));
    await page.reload();
    await expect(device).toContainText('last delivered just now');
    await control.getByRole('button', { name: 'Turn off' }).click();
    await expect(control.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    await expect(page.getByText('No devices yet.')).toBeVisible();
    expect((await ownerGet<{ data: unknown[] }>(product, owner, '/v1/push-subscriptions')).data).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription())).toBe(
      null,
    );
  });

  test('devices › when the push service cannot be reached, turning on says so clearly', async ({
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    test.setTimeout(90_000);
    const owner = await createOwner(product, { email: uniqueEmail('unreachable', testInfo.project.name) });
    // Playwright's own contexts are incognito, where Chrome refuses push outright; a persistent
    // profile makes Chrome really try its push service, which this closed network never answers.
    const profile = await mkdtemp(path.join(os.tmpdir(), 'leadbell-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...PUSH_CAPABLE_BROWSER.launchOptions,
      baseURL: product.url,
      viewport: testInfo.project.use.viewport ?? null,
    });
    try {
      const errors: string[] = [];
      const page = context.pages()[0] ?? (await context.newPage());
      page.on('console', (entry) => {
        if (entry.type() === 'error') errors.push(entry.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await context.grantPermissions(['notifications'], { origin: product.url });
      await signInBrowser(context, product, owner);

      await page.goto('/account');
      const control = page.getByRole('region', { name: 'Notifications on this device' });
      await control.getByRole('button', { name: 'Turn on notifications' }).click();
      await expect(control.getByRole('button', { name: 'Turning on…' })).toBeDisabled();
      await expect(control.getByRole('alert')).toContainText(
        'The push service didn’t answer in time, so this device can’t get notifications yet.',
        { timeout: 30_000 },
      );
      await expect(control.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
      expect((await ownerGet<{ data: unknown[] }>(product, owner, '/v1/push-subscriptions')).data).toEqual([]);
      expect(errors, 'unexpected console errors in the browser').toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('notifications › each row shows its delivery status, updated live, and its link', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('delivery', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const stub = product.push.createSubscription();
    await registerDevice(product, owner, stub.subscription, 'Pixel test phone');
    // Push only, so each row shows what happened to the push: email copies are on by default until a
    // device confirms a delivery, and this device (no browser behind it) never confirms.
    await setEmailCopies(product, owner, false);
    await signInBrowser(context, product, owner);

    await page.goto(`/flows/${flowId}`);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const rows = page.locator('tbody tr');

    expect(
      await notify(product, owner.apiKey, {
        flowId,
        data: { name: 'Ada', question: 'Price?' },
        url: 'https://example.com/leads/7',
      }),
    ).toBe(202);
    await expect(rows.first()).toContainText('New lead: Ada');
    await expect(rows.first()).toContainText('Delivery: Delivered (1 delivered.)');
    const link = rows.first().getByRole('link', { name: /example\.com\/leads\/7/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/leads/7');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');

    product.push.script(stub.id, { status: 410 });
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Bo', question: 'Hours?' } })).toBe(202);
    await expect(rows.first()).toContainText('New lead: Bo');
    // The push failed with its reason; every push having failed, an email copy follows (decision 021).
    await expect(rows.first()).toContainText(/1 failed \(\S/);
    await expect(rows.first()).toContainText(/Delivery: (Failed|Delivered)/);
    await expect(rows.first().getByRole('link')).toHaveCount(0);

    // The push service said the subscription is gone: the device was dropped, so the owner, left
    // with no device, gets the notification by email although email copies are off.
    const mailsBefore = product.smtp.count();
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Cy', question: 'Parking?' } })).toBe(202);
    await expect(rows.first()).toContainText('New lead: Cy');
    expect((await product.smtp.waitForMail(owner.email, { after: mailsBefore })).raw).toContain('Cy asked: Parking?');
    await expect(rows.first()).toContainText('Delivery: Delivered');
    await expect(rows.nth(2)).toContainText('Delivery: Delivered');
  });
});
