import type { Browser, Page, TestInfo } from '@playwright/test';
import {
  createFlow,
  createOwner,
  notify,
  ownerGet,
  registerDevice,
  signInBrowser,
  uniqueEmail,
  type Owner,
} from './fixtures/owner-api.ts';
import type { Product } from './fixtures/product.ts';
import { deliverPush, showPushedMessage } from './fixtures/push.ts';
import { screenshot, sectionShot } from './fixtures/screenshot.ts';
import { addTeammate } from './fixtures/team-api.ts';
import { PUSH_CAPABLE_BROWSER } from './chromium.ts';
import { expect, test } from './fixtures/test.ts';
import { leadRow } from './fixtures/inbox.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

// Its journeys subscribe to push, which the headless shell lacks.
test.use(PUSH_CAPABLE_BROWSER);

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} wrote: {{note}}' };
/** The service worker's global, as the page's TypeScript lib does not know it. */
type WorkerScope = {
  registration: { getNotifications: (filter: { tag: string }) => Promise<Notification[]> };
  dispatchEvent: (event: Event) => boolean;
  NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
};

type LeadState = { status: string; claimedBy: { userId: string; name: string } | null; seenBy: { userId: string }[] };

async function setDefaultCountry(product: Product, owner: Owner, country: string): Promise<void> {
  const me = await ownerGet<{ entity: { id: string } }>(product, owner, '/v1/me');
  const response = await fetch(`${product.url}/v1/entities/${me.entity.id}`, {
    method: 'PATCH',
    headers: { origin: product.url, cookie: owner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ defaultCountry: country }),
  });
  expect(response.status).toBe(200);
}

async function latestLeadId(product: Product, owner: Owner): Promise<string> {
  const page = await ownerGet<{ data: { id: string }[] }>(product, owner, '/v1/leads?limit=1');
  return page.data[0]!.id;
}

/** A second browser for another member, shaped like the project's (desktop or phone). */
async function newMemberContext(browser: Browser, testInfo: TestInfo, product: Product, member: Owner) {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: product.url,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
  });
  await signInBrowser(context, product, member);
  return context;
}

/** Nothing on the page is wider than the screen: long words, Arabic and emoji all wrap. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    main: (() => {
      const main = document.querySelector('main')!;
      return main.scrollWidth - main.clientWidth;
    })(),
  }));
  expect(overflow).toEqual({ page: 0, main: 0 });
}

test.describe('leads', () => {
  test('leads › a lead appears live in both members’ inboxes; A claims it, B sees it live, B’s late claim is refused with who and when, A marks it done', async ({
    page,
    context,
    browser,
    product,
  }, testInfo) => {
    test.setTimeout(90_000);
    const ann = await createOwner(product, {
      email: uniqueEmail('lead-a', testInfo.project.name),
      name: 'Ann Owner',
      plan: 'pro',
    });
    const bo = await addTeammate(product, ann, {
      email: uniqueEmail('lead-b', testInfo.project.name),
      name: 'Bo Member',
    });
    await setDefaultCountry(product, ann, 'GB');
    const flowId = await createFlow(product, ann, CONTACT_FLOW);
    await signInBrowser(context, product, ann);
    const boContext = await newMemberContext(browser, testInfo, product, bo);
    try {
      const boPage = await boContext.newPage();
      // All leads, so the claimed and done lead stays in view (the inbox opens on Open).
      await page.goto('/leads?filter=all');
      await boPage.goto('/leads?filter=all');
      // Leads is the first place in the console's navigation.
      const isPhone = testInfo.project.name === 'phone';
      if (isPhone) await page.getByRole('button', { name: 'Open menu' }).click();
      const firstNavLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link').first();
      await expect(firstNavLink).toHaveText('Leads');
      await expect(firstNavLink).toHaveAttribute('aria-current', 'page');
      if (isPhone) await page.keyboard.press('Escape');
      await expect(page.getByText('No leads yet')).toBeVisible();
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      await expect(boPage.getByText('Live', { exact: true })).toBeVisible();

      expect(
        await notify(product, ann.apiKey, {
          flowId,
          data: { name: 'Priya', note: 'Is Saturday free?', phone: '07911 123456', email: 'priya@example.com' },
        }),
      ).toBe(202);
      const annRow = leadRow(page, 'New lead: Priya');
      const boRow = leadRow(boPage, 'New lead: Priya');
      await expect(annRow).toContainText('Priya wrote: Is Saturday free?');
      await expect(boRow).toContainText('Priya wrote: Is Saturday free?');
      for (const row of [annRow, boRow]) {
        await expect(row).toContainText('Open');
        await expect(row).toContainText('Contact form');
        await expect(row).toContainText('just now');
        await expect(row).toContainText('Unread');
        await expect(row.getByRole('link', { name: 'Call +44 7911 123456' })).toHaveAttribute(
          'href',
          'tel:+447911123456',
        );
        await expect(row.getByRole('link', { name: 'Reply to priya@example.com' })).toHaveAttribute(
          'href',
          'mailto:priya@example.com?subject=Your%20inquiry%20to%20Acme%20Homes',
        );
      }
      // A phone has no hover: a tap on the age shows the full time, and the row stays unopened.
      await annRow.getByRole('button', { name: /^just now, received / }).click();
      await expect(page.getByRole('dialog')).toContainText(
        /^Received [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/,
      );
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/\/leads\?filter=all$/);
      const leadId = await latestLeadId(product, ann);

      // Bo's card, opened before Ann claims, does not hear the stream: his tap races hers and loses.
      const boCard = await boContext.newPage();
      await boCard.route('**/v1/events', (route) => route.fulfill({ status: 204, body: '' }));
      await boCard.goto(`/leads/${leadId}`);
      await expect(boCard.getByRole('button', { name: 'I’m on it' })).toBeVisible();

      await annRow.getByRole('link', { name: 'New lead: Priya' }).click();
      await expect(page).toHaveURL(new RegExp(`/leads/${leadId}$`));
      const claimed = page.waitForResponse((response) => response.url().endsWith(`/v1/leads/${leadId}/claim`));
      await page.getByRole('button', { name: 'I’m on it' }).click();
      await claimed;
      const claimedAt = Date.now();
      await expect(page.getByRole('region', { name: 'Who is on it' })).toContainText('You’re on it');
      // Live, without a reload. How fast is the live-streams benchmark's figure, not a timed test
      // (a CI host in a slow hour took 1.6 s); the time is kept with the test's result.
      await expect(boRow).toContainText('Ann Owner is on it');
      const seenAfterMs = Date.now() - claimedAt;
      testInfo.annotations.push({ type: 'claim reached the other inbox after', description: `${seenAfterMs} ms` });
      // Ann opened the card: seen by her, so her unread dot is gone; Bo's stays.
      await page.goBack();
      await expect(annRow).not.toContainText('Unread');
      await expect(annRow).toContainText('You’re on it');
      await expect(boRow).toContainText('Unread');

      await boCard.getByRole('button', { name: 'I’m on it' }).click();
      await expect(boCard.getByRole('alert')).toHaveText(/^Ann Owner is on it since \d{1,2}:\d{2}( ?[AP]M)?$/);
      await expect(boCard.getByRole('region', { name: 'Who is on it' })).toContainText('Ann Owner is on it');

      await annRow.getByRole('link', { name: 'New lead: Priya' }).click();
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('region', { name: 'Who is on it' })).toContainText('Done by you');
      await expect(page.getByRole('list', { name: 'Activity' })).toContainText('You are on it');
      await expect(page.getByRole('list', { name: 'Activity' })).toContainText('Done by you');
      await expect(page.getByRole('list', { name: 'Activity' })).toContainText('Seen by you');
      await expect(boRow).toContainText('Done by Ann Owner');

      // The search box asks the server once typing pauses; the address keeps it.
      await boPage.getByLabel('Search').fill('nobody-matches-this');
      await expect(boPage.getByText('No leads match')).toBeVisible();
      await expect(boPage).toHaveURL(/q=nobody-matches-this/);
      await boPage.getByLabel('Search').fill('PRIYA@example');
      await expect(boRow).toBeVisible();
      await boPage.getByLabel('Search').fill('');
      await expect(boPage).not.toHaveURL(/q=/);

      await boPage.getByRole('button', { name: 'Mine' }).click();
      await expect(boPage.getByText('No leads match')).toBeVisible();
      await boPage.getByRole('button', { name: 'Done' }).click();
      await expect(boRow).toBeVisible();
      await expect(boPage).toHaveURL(/filter=done/);
      const csvLink = boPage.getByRole('link', { name: 'Download CSV' });
      await expect(csvLink).toHaveAttribute('href', '/v1/leads/export.csv?filter=done');
      const [download] = await Promise.all([boPage.waitForEvent('download'), csvLink.click()]);
      const csv = await (await download.createReadStream()).toArray();
      const text = Buffer.concat(csv as Buffer[]).toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text).toContain('priya@example.com');
    } finally {
      await boContext.close();
    }
  });

  test('leads › the card shows every field, right call, WhatsApp and reply links for UK and US numbers, and long, Arabic and emoji text wrap', async ({
    page,
    context,
    product,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('lead-card', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const unbroken = 'x'.repeat(300);
    const data = {
      name: 'ليلى Haddad 🏡',
      note: `Please call me back ${unbroken}`,
      'UK mobile': '+44 7911 123456',
      'US phone': '(202) 555-0123',
      email: 'layla@example.com',
      'Message (Arabic)': 'مرحبا، أود حجز موعد يوم السبت لمشاهدة الشقة 🙏',
      budget: '£250k – $320k 💷💵',
      website: `https://example.com/${unbroken}`,
    };
    expect(await notify(product, owner.apiKey, { flowId, data, url: 'https://example.com/listing/7' })).toBe(202);
    await signInBrowser(context, product, owner);

    // "(202) 555-0123" has no country code: the Business page says whose numbers those are.
    await page.goto('/business');
    await page.getByLabel('Country for phone numbers').selectOption({ label: 'United States' });
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Country for phone numbers')).toHaveValue('US');
    await sectionShot(page.getByRole('region', { name: 'Phone numbers' }), testInfo, 'business-country');

    await page.goto('/leads');
    const row = leadRow(page, 'New lead: ليلى Haddad 🏡');
    await expect(row).toBeVisible();
    // The row offers the first phone as stored (PostgreSQL's jsonb keeps shorter keys first).
    await expect(row.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:+12025550123');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'leads-inbox');

    await row.getByRole('link', { name: /New lead/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New lead: ليلى Haddad 🏡');
    await expect(page.getByRole('heading', { level: 1 }).locator('[dir="auto"]')).toHaveCount(1);
    const fields = page.getByRole('definition');
    const labels = page.getByRole('term');
    for (const [key, value] of Object.entries(data)) {
      await expect(labels.filter({ hasText: new RegExp(`^${key.replace(/[()]/g, '\\$&')}$`) })).toHaveCount(1);
      await expect(fields.filter({ hasText: value }).first()).toBeVisible();
    }

    const contact = page.getByRole('region', { name: 'Contact' });
    await expect(contact.getByRole('link', { name: 'Call +44 7911 123456' })).toHaveAttribute(
      'href',
      'tel:+447911123456',
    );
    await expect(contact.getByRole('link', { name: 'Text +44 7911 123456' })).toHaveAttribute(
      'href',
      'sms:+447911123456',
    );
    await expect(contact.getByRole('link', { name: 'WhatsApp +44 7911 123456' })).toHaveAttribute(
      'href',
      'https://wa.me/447911123456',
    );
    await expect(contact.getByRole('link', { name: 'Call +1 202 555 0123' })).toHaveAttribute(
      'href',
      'tel:+12025550123',
    );
    await expect(contact.getByRole('link', { name: 'WhatsApp +1 202 555 0123' })).toHaveAttribute(
      'href',
      'https://wa.me/12025550123',
    );
    await expect(contact.getByRole('link', { name: 'Reply to layla@example.com' })).toHaveAttribute(
      'href',
      `mailto:layla@example.com?subject=${encodeURIComponent('Your inquiry to Acme Homes')}`,
    );
    await expect(contact.getByRole('link', { name: /^Open example\.com/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );

    // The browser's locale (en-US here) orders the date: month before day, a 12-hour clock.
    await expect(fields.filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/ })).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Activity' })).toContainText('Received');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'lead-card');
  });

  test('leads › the push carries the lead’s id, phone and buttons; unanswered, it rings again and stays; the worker’s “I’m on it” claims it and confirms', async ({
    page,
    context,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    test.setTimeout(90_000);
    const owner = await createOwner(product, { email: uniqueEmail('lead-push', testInfo.project.name) });
    await setDefaultCountry(product, owner, 'GB');
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const stub = product.push.createSubscription();
    await registerDevice(product, owner, stub.subscription, 'Pixel test phone');
    await context.grantPermissions(['notifications'], { origin: product.url });
    await signInBrowser(context, product, owner);
    await page.goto('/leads');
    await expect(page.getByText('No leads yet')).toBeVisible();

    expect(
      await notify(product, owner.apiKey, { flowId, data: { name: 'Eve', note: 'Call me', phone: '07911 123456' } }),
    ).toBe(202);
    const [message] = await product.push.waitForMessages(stub.id, 1);
    const leadId = await latestLeadId(product, owner);
    expect(message!.payload).toMatchObject({
      notificationId: leadId,
      phone: '+447911123456',
      actions: ['claim', 'call'],
    });

    const shown = await showPushedMessage(context, page, product.url, JSON.stringify(message!.payload));
    expect(shown.map((notification) => notification.tag)).toContain(leadId);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const buttons = await worker.evaluate(async (tag) => {
      const [notification] = await (self as unknown as WorkerScope).registration.getNotifications({ tag });
      return (notification as Notification & { actions: { action: string; title: string }[] }).actions.map(
        ({ action, title }) => ({ action, title }),
      );
    }, leadId);
    expect(buttons).toEqual([
      { action: 'claim', title: 'I’m on it' },
      { action: 'call', title: 'Call' },
    ]);

    // Nobody answered within the target: its escalation, made due now (lead_escalations, swept every
    // second), rings the phone again with a notification that replaces the lead's, rings even so,
    // and stays until acted on. The escalation row is the settle's (decision 069), made a moment after
    // the take that rang: made due once it is there.
    await expect
      .poll(
        async () =>
          (
            await product.sql(
              `update lead_escalations set due_at = now() where notification_id = $1 and stage = 1 returning 1`,
              [leadId],
            )
          ).length,
      )
      .toBe(1);
    const [, escalation] = await product.push.waitForMessages(stub.id, 2, 20_000);
    expect(escalation!.payload).toMatchObject({ notificationId: leadId, escalation: true });
    await deliverPush(context, page, product.url, JSON.stringify(escalation!.payload));
    const shownForLead = () =>
      worker.evaluate(async (tag) => {
        const notifications = await (self as unknown as WorkerScope).registration.getNotifications({ tag });
        return notifications.map((notification) => ({
          title: notification.title,
          requireInteraction: notification.requireInteraction,
          renotify: (notification as Notification & { renotify: boolean }).renotify,
        }));
      }, leadId);
    await expect
      .poll(shownForLead)
      .toEqual([{ title: 'Still unanswered (5 min): New lead: Eve', requireInteraction: true, renotify: true }]);

    // What Chromium does when "I'm on it" is tapped: the worker's real notificationclick handler runs.
    const clickAction = (tag: string, action: string) =>
      worker.evaluate(
        async ([tag, action]) => {
          const scope = self as unknown as WorkerScope;
          const [notification] = await scope.registration.getNotifications({ tag });
          const event = new scope.NotificationEvent('notificationclick', { notification: notification!, action });
          // A synthetic event cannot extend itself; the test waits for what the handler hands over instead.
          const pending: Promise<unknown>[] = [];
          Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => pending.push(promise) });
          scope.dispatchEvent(event);
          await Promise.allSettled(pending);
        },
        [tag, action] as const,
      );
    await clickAction(leadId, 'claim');
    const lead = await ownerGet<LeadState>(product, owner, `/v1/leads/${leadId}`);
    expect(lead.status).toBe('claimed');
    expect(lead.claimedBy?.name).toBe(owner.name);
    const [confirmation] = await worker.evaluate(async (tag) => {
      const notifications = await (self as unknown as WorkerScope).registration.getNotifications({ tag });
      return notifications.map((notification: Notification) => ({
        title: notification.title,
        body: notification.body,
      }));
    }, leadId);
    // It names the notification that was tapped: here the escalation that rang again.
    expect(confirmation).toEqual({ title: 'You’re on it', body: 'Still unanswered (5 min): New lead: Eve' });
    // The inbox heard the claim too.
    await expect(leadRow(page, 'New lead: Eve')).toContainText('You’re on it');

    // Tapping the body records "seen" (and opens the card).
    await clickAction(leadId, '');
    await expect
      .poll(async () => (await ownerGet<LeadState>(product, owner, `/v1/leads/${leadId}`)).seenBy.length)
      .toBe(1);
  });

  test('leads › spam waits under Spam with why, out of the inbox, ringing nobody (decision 039)', async ({
    page,
    context,
    product,
  }, testInfo) => {
    const owner = await createOwner(product, {
      email: uniqueEmail('lead-spam', testInfo.project.name),
      name: 'Sam Owner',
      plan: 'starter',
    });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const pitch = {
      name: 'Mark',
      email: 'mark.seo@10minutemail.com',
      note: 'I visited your website: we offer guaranteed SEO backlinks to reach the first page of Google.',
    };
    expect(await notify(product, owner.apiKey, { flowId, data: pitch })).toBe(202);
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Priya', note: 'Is Saturday free?' } })).toBe(
      202,
    );
    await signInBrowser(context, product, owner);

    await page.goto('/leads');
    await expect(leadRow(page, 'New lead: Priya')).toBeVisible();
    await expect(leadRow(page, 'New lead: Mark')).toHaveCount(0);

    // The Spam view says how many wait there.
    const spamFilter = page.getByRole('group', { name: 'Show leads' }).getByRole('button', { name: /^Spam/ });
    await expect(spamFilter).toHaveAccessibleName(/^Spam\W*1$/);
    await spamFilter.click();
    const row = leadRow(page, 'New lead: Mark');
    await expect(row).toBeVisible();
    await expect(row.getByText('Spam', { exact: true })).toBeVisible();
    await expect(leadRow(page, 'New lead: Priya')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'leads-spam');

    await row.getByRole('link', { name: /New lead: Mark/ }).click();
    await expect(
      page.getByText('Quarantined as spam: it rang nobody and does not count against your plan.'),
    ).toBeVisible();
    const why = page.getByRole('list', { name: 'Why it is spam' });
    await expect(why).toContainText('A throwaway email address');
    await expect(why).toContainText('Wording typical of sales pitches and scams');
    await expect(page.getByText('Not delivered: spam rings nobody.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'I’m on it' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'lead-spam-card');

    // Not spam: an open lead that never rang; the team rings itself when it wants to.
    await page.getByRole('button', { name: 'Not spam' }).click();
    const panel = page.getByRole('region', { name: 'Who is on it' });
    await expect(panel.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'I’m on it' })).toBeVisible();
    await screenshot(page, testInfo, 'lead-not-spam-card');
    await page.getByRole('button', { name: 'Ring the team now' }).click();
    await expect(page.getByRole('button', { name: 'Ring the team now' })).toHaveCount(0);

    // Spam on a lead of the inbox takes it out of it.
    await page.goto('/leads');
    await leadRow(page, 'New lead: Priya')
      .getByRole('link', { name: /New lead: Priya/ })
      .click();
    await page.getByRole('button', { name: 'Spam', exact: true }).click();
    await expect(panel.getByText('Spam', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Why it is spam' })).toContainText('Your team marked it as spam');
  });
});
