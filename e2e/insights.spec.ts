import type { Locator, Page } from '@playwright/test';
import { formatDuration, formatRate } from '../apps/web/src/features/insights/insights-format.ts';
import { expectedFigures, ownerCall, seedLeads, type SeededLead } from './fixtures/lead-history.ts';
import { createFlow, createOwner, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { addTeammate } from './fixtures/team-api.ts';
import { expect, test } from './fixtures/test.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_ZONE = 'America/New_York';
const FLOW = { title: 'New lead: {{name}}', message: '{{name}} asked: {{question}}' };

/** The value beside a headline figure's label. */
function figure(page: Page, label: string): Locator {
  return page
    .locator('dl[aria-label="Team figures"] > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
}

type Figures = ReturnType<typeof expectedFigures>;

async function expectHeadline(page: Page, expected: Figures) {
  await expect(figure(page, 'Leads received')).toHaveText(String(expected.received));
  await expect(figure(page, 'Answered within target')).toHaveText(formatRate(expected.answeredWithinTargetRate));
  await expect(
    page.getByText(`${expected.answeredWithinTarget} of ${expected.received - expected.waiting} past or answered`),
  ).toBeVisible();
  await expect(figure(page, 'Median time to claim')).toHaveText(formatDuration(expected.medianSecondsToClaim));
  await expect(figure(page, '90th percentile time to claim')).toHaveText(formatDuration(expected.p90SecondsToClaim));
  await expect(figure(page, 'Answered late')).toHaveText(String(expected.answeredLate));
  await expect(figure(page, 'Unanswered')).toHaveText(String(expected.unanswered));
  await expect(figure(page, 'Waiting')).toHaveText(String(expected.waiting));
  await expect(figure(page, 'Escalated')).toHaveText(String(expected.escalated));
}

/** A row's cells in the page's order, as text. */
async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** A cell's text as the stacked phone layout or the desktop table shows it: the value without its column label. */
function withoutLabels(cells: string[], labels: string[]): string[] {
  return cells.map((cell, index) => cell.replace(new RegExp(`^${labels[index]}\\s*`, 'i'), '').trim());
}

const FLOW_COLUMNS = ['Flow', 'Leads', 'Within target', 'Median', '90th pct.', 'Unanswered', 'Escalated'];
const MEMBER_COLUMNS = ['Member', 'Claimed', 'Within target', 'Median', '90th pct.', 'Calls answered', 'Calls missed'];

function flowRow(name: string, figures: Figures): string[] {
  return [
    name,
    String(figures.received),
    `${formatRate(figures.answeredWithinTargetRate)} (${figures.answeredWithinTarget})`,
    formatDuration(figures.medianSecondsToClaim),
    formatDuration(figures.p90SecondsToClaim),
    String(figures.unanswered),
    String(figures.escalated),
  ];
}

function memberRow(name: string, claimedLeads: SeededLead[]): string[] {
  // A member's leads are the ones they claimed first: all claimed, so "received" is their count.
  const figures = expectedFigures(claimedLeads);
  return [
    name,
    String(figures.received),
    `${formatRate(figures.answeredWithinTargetRate)} (${figures.answeredWithinTarget})`,
    formatDuration(figures.medianSecondsToClaim),
    formatDuration(figures.p90SecondsToClaim),
    // The seeded history has no phone calls (issue 50).
    '0',
    '0',
  ];
}

/** The rows of a chart's "Show the figures" table, opened first. */
async function chartTable(page: Page, title: string): Promise<string[][]> {
  const chart = page.getByRole('figure', { name: title });
  const details = chart.locator('details');
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open))) {
    await chart.getByText('Show the figures').click();
  }
  const rows = chart.locator('tbody tr');
  const texts: string[][] = [];
  for (const row of await rows.all()) {
    texts.push((await row.locator('th, td').allInnerTexts()).map((text) => text.trim()));
  }
  return texts;
}

test.describe('insights', () => {
  test('insights › every figure on the page matches a history computed in the test; a member sees the team’s and their own', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const project = testInfo.project.name;
    const admin = await createOwner(product, {
      email: uniqueEmail('insights', project),
      name: 'Ann Owner',
      plan: 'pro',
    });
    const member = await addTeammate(product, admin, {
      email: uniqueEmail('insights-member', project),
      name: 'Bo Member',
    });
    const me = await ownerGet<{ user: { id: string }; entity: { id: string } }>(product, admin, '/v1/me');
    const adminId = me.user.id;
    await ownerCall(product, admin, `/v1/entities/${me.entity.id}`, 'PATCH', { timeZone: TIME_ZONE });
    const contact = await createFlow(product, admin, { name: 'Contact form', ...FLOW });
    const booking = await createFlow(product, admin, { name: 'Bookings', ...FLOW });

    // 28 leads in the last 6 days (inside any 7-day window, whenever the test runs), 6 more 10 to
    // 15 days back (30 days only), one 40 days back (90 only), and a test notification, which
    // insights leave out.
    const now = Date.now();
    const leads: SeededLead[] = [];
    for (let index = 0; index < 28; index += 1) {
      const claimedAfterMinutes = index % 7 === 0 ? null : [0.5, 2, 4, 7, 12, 30, 75, 300][index % 8]!;
      leads.push({
        flowId: index % 3 === 0 ? booking : contact,
        createdAt: new Date(now - (index * 5 + 1) * HOUR),
        claimedAfterMinutes,
        claimedBy: claimedAfterMinutes === null ? null : index % 2 ? adminId : member.userId,
        targetMinutes: index % 3 === 0 ? 15 : 5,
        escalated: claimedAfterMinutes === null || claimedAfterMinutes > (index % 3 === 0 ? 15 : 5),
      });
    }
    for (let index = 0; index < 6; index += 1) {
      leads.push({
        flowId: contact,
        createdAt: new Date(now - (10 + index) * DAY),
        claimedAfterMinutes: index === 5 ? null : 3 + index,
        claimedBy: index === 5 ? null : adminId,
        targetMinutes: 5,
        escalated: index >= 3,
      });
    }
    leads.push({
      flowId: booking,
      createdAt: new Date(now - 40 * DAY),
      claimedAfterMinutes: 1,
      claimedBy: member.userId,
      targetMinutes: 15,
      escalated: false,
    });
    leads.push({
      flowId: contact,
      createdAt: new Date(now - HOUR / 2),
      claimedAfterMinutes: 1,
      claimedBy: adminId,
      targetMinutes: 5,
      escalated: false,
      isTest: true,
    });
    await seedLeads(product, me.entity.id, leads);

    const week = leads.filter((lead) => lead.createdAt.getTime() > now - 6.5 * DAY);
    const month = leads.filter((lead) => lead.createdAt.getTime() > now - 20 * DAY);
    const weekReal = week.filter((lead) => !lead.isTest);
    const byClaimer = (userId: string, inPeriod: SeededLead[]) =>
      inPeriod.filter((lead) => !lead.isTest && lead.claimedBy === userId);

    await signInBrowser(context, product, admin);
    await test.step('the admin reaches Insights from the navigation', async () => {
      await page.goto('/flows');
      if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
      await expect(page).toHaveURL(/\/insights$/);
      await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
    });

    await test.step('30 days (the default): the team’s figures', async () => {
      await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
      await expectHeadline(page, expectedFigures(month));
    });

    await test.step('7 days: headline, per flow, per member, the daily chart and the histogram', async () => {
      await page.getByRole('button', { name: '7 days' }).click();
      await expect(page).toHaveURL(/\?days=7$/);
      const expected = expectedFigures(week);
      await expectHeadline(page, expected);
      await screenshot(page, testInfo, 'insights', { sliced: true });

      const flows = page.getByRole('table', { name: 'Figures per flow' }).locator('tbody tr');
      await expect(flows).toHaveCount(2);
      for (const [flowId, name] of [
        [contact, 'Contact form'],
        [booking, 'Bookings'],
      ] as const) {
        const cells = await cellsOf(flows.and(page.locator(`[data-flow-id="${flowId}"]`)));
        expect(withoutLabels(cells, FLOW_COLUMNS)).toEqual(
          flowRow(name, expectedFigures(week.filter((lead) => lead.flowId === flowId))),
        );
      }

      const members = page.getByRole('table', { name: 'Figures per member' }).locator('tbody tr');
      await expect(members).toHaveCount(2);
      expect(
        withoutLabels(await cellsOf(members.and(page.locator(`[data-user-id="${adminId}"]`))), MEMBER_COLUMNS),
      ).toEqual(memberRow('Ann Owner (you)', byClaimer(adminId, week)));
      expect(
        withoutLabels(await cellsOf(members.and(page.locator(`[data-user-id="${member.userId}"]`))), MEMBER_COLUMNS),
      ).toEqual(memberRow('Bo Member', byClaimer(member.userId, week)));

      // Every local day of the window is a row; the days with leads carry their counts.
      const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
      const daily = await chartTable(page, 'Leads a day');
      expect(daily).toHaveLength(7);
      const shown = new Map(daily.map(([day, ...counts]) => [day, counts]));
      for (const date of new Set(weekReal.map((lead) => dayOf(lead.createdAt)))) {
        const those = weekReal.filter((lead) => dayOf(lead.createdAt) === date);
        const figures = expectedFigures(those);
        const label = new Intl.DateTimeFormat('en-GB', {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          timeZone: 'UTC',
        }).format(new Date(`${date}T12:00:00Z`));
        expect(shown.get(label), date).toEqual([
          String(figures.received),
          String(figures.answeredWithinTarget),
          String(
            those.filter((lead) => lead.claimedAfterMinutes !== null && lead.claimedAfterMinutes > lead.targetMinutes)
              .length,
          ),
          String(figures.unanswered),
        ]);
      }
      expect(daily.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(expected.received);

      const histogram = await chartTable(page, 'Time to claim');
      expect(histogram).toEqual(
        ['Under 1 min', '1–5 min', '5–15 min', '15–60 min', '1–4 h', 'Over 4 h'].map((label, index) => [
          label,
          String(expected.histogram[index]),
        ]),
      );
      await screenshot(page, testInfo, 'insights-tables-open', { sliced: true });
    });

    await test.step('a member sees the team’s figures and only their own row', async () => {
      await context.clearCookies();
      await signInBrowser(context, product, member);
      await page.goto('/insights?days=7');
      await expectHeadline(page, expectedFigures(week));
      await expect(page.getByRole('heading', { name: 'You', level: 2, exact: true })).toBeVisible();
      const members = page.getByRole('table', { name: 'Figures per member' }).locator('tbody tr');
      await expect(members).toHaveCount(1);
      expect(withoutLabels(await cellsOf(members), MEMBER_COLUMNS)).toEqual(
        memberRow('Bo Member (you)', byClaimer(member.userId, week)),
      );
      await page.getByRole('button', { name: '90 days' }).click();
      await expectHeadline(page, expectedFigures(leads));
      await screenshot(page, testInfo, 'insights-member-90-days', { sliced: true });
      await expect(members).toHaveCount(1);
      expect(withoutLabels(await cellsOf(members), MEMBER_COLUMNS)).toEqual(
        memberRow('Bo Member (you)', byClaimer(member.userId, leads)),
      );
    });
  });

  test('insights › a business without leads sees the empty state', async ({ page, product, context }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('insights-empty', testInfo.project.name) });
    await signInBrowser(context, product, owner);
    await page.goto('/insights?days=7');
    await expect(page.getByRole('heading', { name: 'No leads in the last 7 days' })).toBeVisible();
    await screenshot(page, testInfo, 'insights-empty', { sliced: true });
    await page.getByRole('button', { name: '90 days' }).click();
    await expect(page.getByRole('heading', { name: 'No leads in the last 90 days' })).toBeVisible();
  });

  test('business hours, quiet hours and a flow’s response target save and come back after a reload', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    // Three settings pages, each saved and reloaded: on a slow CI host it outlasted the default minute.
    test.setTimeout(90_000);
    const project = testInfo.project.name;
    // Pro: a second seat, for the member who reads the business hours without editing them.
    const owner = await createOwner(product, { email: uniqueEmail('hours', project), plan: 'pro' });
    const flowId = await createFlow(product, owner, { name: 'Contact form', ...FLOW });
    await signInBrowser(context, product, owner);

    await test.step('business hours: on the Business page, validated by the shared schema, copied to every day, with a closure; saved and reloaded', async () => {
      await page.goto('/account');
      await page
        .getByRole('region', { name: 'Business' })
        .getByRole('link', { name: 'Open business settings' })
        .click();
      await expect(page).toHaveURL(/\/business$/);
      const hours = page.getByRole('region', { name: 'Business hours' });
      await expect(hours.getByRole('radio', { name: /Always open/ })).toBeChecked();
      await hours.getByLabel('Time zone').selectOption('Europe/Paris');
      await hours.getByRole('radio', { name: /Set hours/ }).check();
      const monday = hours.getByRole('group', { name: 'Monday' });
      await monday.getByLabel('Monday opens at').selectOption('08:30');
      await monday.getByLabel('Monday closes at').selectOption('08:00');
      await hours.getByRole('button', { name: 'Save business hours' }).click();
      await expect(monday.getByText('Closing must be after opening.')).toBeVisible();
      await monday.getByLabel('Monday closes at').selectOption('18:30');
      // This browser's locale (en-US) writes a 12-hour clock; the stored value stays HH:MM.
      await expect(monday.getByLabel('Monday opens at').locator('option:checked')).toHaveText(/^8:30\sAM$/);

      await monday.getByRole('button', { name: 'Copy to every day from Monday' }).click();
      await expect(monday.getByRole('status')).toHaveText('Copied to every day. Save to keep them.');
      await expect(hours.getByLabel('Saturday closes at')).toHaveValue('18:30');
      await hours.getByRole('group', { name: 'Sunday' }).getByRole('switch').click();
      await hours.getByRole('group', { name: 'Friday' }).getByRole('button', { name: 'Add hours on Friday' }).click();
      await hours.getByLabel('Friday, hours 2, opens at').selectOption('19:00');
      await hours.getByLabel('Friday, hours 2, closes at').selectOption('24:00');
      await expect(hours.getByLabel('Friday, hours 2, closes at').locator('option:checked')).toHaveText('Midnight');

      // Next Christmas, as a range: refused while it ends before it starts.
      const year = new Date().getFullYear() + 1;
      await hours.getByRole('button', { name: 'Add a closure' }).click();
      const closure = hours.getByRole('group', { name: 'Closure 1' });
      await closure.getByLabel('First day').fill(`${year}-12-25`);
      await expect(closure.getByLabel('Last day')).toHaveValue(`${year}-12-25`);
      await closure.getByLabel('Last day').fill(`${year}-12-24`);
      await hours.getByRole('button', { name: 'Save business hours' }).click();
      await expect(closure.getByText('The last day must be on or after the first.')).toBeVisible();
      await closure.getByLabel('Last day').fill(`${year}-12-26`);
      await closure.getByLabel(/^Label/).fill('Christmas');
      await hours.getByRole('button', { name: 'Add a closure' }).click();
      await expect(hours.getByRole('group', { name: 'Closure 2' })).toContainText('New closure');
      await hours.getByRole('button', { name: 'Remove closure 2' }).click();
      await expect(hours.getByRole('group', { name: 'Closure 2' })).toHaveCount(0);
      // Its days read as the viewer's locale writes them.
      await expect(closure).toContainText(new RegExp(`Dec 25\\s*–\\s*26, ${year}: Christmas`));
      await screenshot(page, testInfo, 'business-hours', { sliced: true });
      await hours.getByRole('button', { name: 'Save business hours' }).click();
      await expect(hours.getByText('Business hours saved.')).toBeVisible();

      const office = [{ open: '08:30', close: '18:30' }];
      const saved = await ownerGet<{ entity: { timeZone: string; businessHours: unknown } }>(product, owner, '/v1/me');
      expect(saved.entity.timeZone).toBe('Europe/Paris');
      expect(saved.entity.businessHours).toEqual({
        sun: [],
        mon: office,
        tue: office,
        wed: office,
        thu: office,
        fri: [...office, { open: '19:00', close: '24:00' }],
        sat: office,
        closures: [{ from: `${year}-12-25`, to: `${year}-12-26`, label: 'Christmas' }],
      });

      await page.reload();
      await expect(hours.getByLabel('Time zone')).toHaveValue('Europe/Paris');
      await expect(hours.getByRole('radio', { name: /Set hours/ })).toBeChecked();
      await expect(hours.getByLabel('Tuesday closes at')).toHaveValue('18:30');
      await expect(hours.getByLabel('Friday, hours 2, closes at')).toHaveValue('24:00');
      await expect(hours.getByRole('group', { name: 'Sunday' }).getByText('Closed')).toBeVisible();
      await expect(closure.getByLabel('Last day')).toHaveValue(`${year}-12-26`);
      await expect(closure.getByLabel(/^Label/)).toHaveValue('Christmas');

      // Where the browser's locale writes a 24-hour clock (en-GB), so do the hours.
      const british = await context.browser()!.newContext({
        baseURL: product.url,
        locale: 'en-GB',
        viewport: page.viewportSize(),
      });
      await signInBrowser(british, product, owner);
      const britishPage = await british.newPage();
      await britishPage.goto('/business');
      const britishHours = britishPage.getByRole('region', { name: 'Business hours' });
      await expect(britishHours.getByLabel('Monday opens at').locator('option:checked')).toHaveText('08:30');
      await expect(britishHours.getByLabel('Monday closes at').locator('option:checked')).toHaveText('18:30');
      await expect(britishHours.getByRole('group', { name: 'Closure 1' })).toContainText(
        new RegExp(`25\\s*–\\s*26 Dec ${year}: Christmas`),
      );
      await screenshot(britishPage, testInfo, 'business-hours-en-gb', { sliced: true });
      await british.close();

      // A member reads the hours on their Account page and is never offered to edit them.
      const member = await addTeammate(product, owner, {
        email: uniqueEmail('hours-member', project),
        name: 'Mo Member',
      });
      const memberContext = await context
        .browser()!
        .newContext({ baseURL: product.url, viewport: page.viewportSize() });
      await signInBrowser(memberContext, product, member);
      const memberPage = await memberContext.newPage();
      await memberPage.goto('/business');
      await expect(memberPage).toHaveURL(/\/unauthorized/);
      await memberPage.goto('/account');
      const business = memberPage.getByRole('region', { name: 'Business' });
      await expect(business.getByRole('definition').first()).toHaveText(/^8:30\sAM\s–\s6:30\sPM$/);
      await expect(business).toContainText(new RegExp(`Dec 25\\s*–\\s*26, ${year}: Christmas`));
      await expect(business.getByRole('combobox', { name: /opens at/ })).toHaveCount(0);
      await expect(memberPage.getByRole('button', { name: 'Save business hours' })).toHaveCount(0);
      await screenshot(memberPage, testInfo, 'business-hours-member', { sliced: true });
      if (project === 'phone') await memberPage.getByRole('button', { name: 'Open menu' }).click();
      const nav = memberPage.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Business' })).toHaveCount(0);
      await memberContext.close();

      await page.goto('/account');
    });

    await test.step('quiet hours: the member’s own, saved without touching their email choice', async () => {
      const quiet = page.getByRole('region', { name: 'Quiet hours' });
      await quiet.getByRole('switch', { name: 'Silence my devices at set hours' }).click();
      await quiet.getByLabel('From').fill('23:00');
      await quiet.getByLabel('Until').fill('06:30');
      await quiet.getByRole('button', { name: 'Save quiet hours' }).click();
      await expect(quiet.getByText('Quiet hours saved.')).toBeVisible();
      expect(await ownerGet(product, owner, '/v1/me/delivery-preferences')).toEqual({
        emailNotifications: true,
        isDefault: true,
        quietHours: { start: '23:00', end: '06:30' },
        sms: 'off',
        voice: 'off',
      });
      await page.reload();
      await expect(quiet.getByRole('switch', { name: 'Silence my devices at set hours' })).toBeChecked();
      await expect(quiet.getByLabel('From')).toHaveValue('23:00');
      await expect(quiet.getByLabel('Until')).toHaveValue('06:30');
    });

    await test.step('flow: response target and urgent, refused out of range, then saved', async () => {
      await page.goto(`/flows/${flowId}/edit`);
      const target = page.getByLabel('Response target (minutes)');
      await expect(target).toHaveValue('5');
      await expect(page.getByRole('switch', { name: 'Urgent: ring any time' })).not.toBeChecked();
      await target.fill('500');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Response target must be 1 to 120 minutes.')).toBeVisible();
      await target.fill('15');
      await page.getByRole('switch', { name: 'Urgent: ring any time' }).click();
      await screenshot(page, testInfo, 'flow-form', { sliced: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page).toHaveURL(/\/flows$/);
      expect(await ownerGet(product, owner, `/v1/flows/${flowId}`)).toMatchObject({
        responseTargetMinutes: 15,
        isUrgent: true,
      });
      await page.goto(`/flows/${flowId}/edit`);
      await expect(target).toHaveValue('15');
      await expect(page.getByRole('switch', { name: 'Urgent: ring any time' })).toBeChecked();
    });
  });
});
