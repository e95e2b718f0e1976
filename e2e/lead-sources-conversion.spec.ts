import type { Locator } from '@playwright/test';
import { createFlow, createOwner, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import type { Product } from './fixtures/product.ts';
import { screenshot, sectionShot } from './fixtures/screenshot.ts';
import { addTeammate } from './fixtures/team-api.ts';
import { expect, test } from './fixtures/test.ts';
import { leadRow, showLeadFilters } from './fixtures/inbox.ts';

// Issue 26, points 6 and 7: a lead's source on its card and as an inbox filter; conversion by
// time to first answer, source, flow and member on the insights page, from a seeded history.

const HOUR = 3_600_000;
const MINUTE = 60_000;
const SITE = 'https://www.acme-homes.example';

type Seeded = {
  flowId: string;
  source: string;
  answeredAfterMinutes: number | null;
  answeredBy: string | null;
  outcome: 'won' | 'lost' | 'no_answer' | null;
  value?: number;
};

/** Leads as if they had arrived, been answered and been given an outcome at those times. */
async function seedOutcomes(product: Product, entityId: string, leads: Seeded[]) {
  const now = Date.now();
  for (const [index, lead] of leads.entries()) {
    const createdAt = new Date(now - (index + 2) * HOUR);
    const answeredAt =
      lead.answeredAfterMinutes === null ? null : new Date(createdAt.getTime() + lead.answeredAfterMinutes * MINUTE);
    await product.sql(
      `insert into notifications (entity_id, flow_id, title, message, created_at, response_started_at,
                                  response_target_seconds, first_claimed_at, first_claimed_by, claimed_at, claimed_by,
                                  lead_status, traffic_source, outcome, outcome_value, outcome_at)
       values ($1, $2, 'Seeded lead', 'Message', $3, $3, 300, $4, $5, $4, $5, $6, $7, $8, $9,
               case when $8::text is null then null else $3::timestamptz + interval '1 hour' end)`,
      [
        entityId,
        lead.flowId,
        createdAt,
        answeredAt,
        lead.answeredBy,
        answeredAt ? 'claimed' : 'open',
        lead.source,
        lead.outcome,
        lead.value ?? null,
      ],
    );
  }
}

async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** A row's values without the column labels the stacked phone layout shows before each. */
function withoutLabels(cells: string[], labels: string[]): string[] {
  return cells.map((cell, index) => cell.replace(new RegExp(`^${labels[index]}\\s*`, 'i'), '').trim());
}

test.describe('lead sources and conversion', () => {
  test('lead sources › a lead’s source on its card and as a filter; insights › conversion by time to first answer, source, flow and member', async ({
    page,
    product,
    context,
  }, testInfo) => {
    const project = testInfo.project.name;
    const admin = await createOwner(product, {
      email: uniqueEmail('conversion', project),
      name: 'Ann Owner',
      entityName: 'Acme Homes',
      plan: 'pro',
    });
    const member = await addTeammate(product, admin, {
      email: uniqueEmail('conversion-member', project),
      name: 'Bo Member',
    });
    const me = await ownerGet<{ user: { id: string }; entity: { id: string } }>(product, admin, '/v1/me');
    const adminId = me.user.id;
    await product.sql(`update entities set currency = 'GBP' where id = $1`, [me.entity.id]);
    const contact = await createFlow(product, admin, {
      name: 'Contact form',
      title: 'New lead: {{name}}',
      message: '{{name}} sent the contact form',
    });
    const quotes = await createFlow(product, admin, {
      name: 'Quotes',
      title: 'Quote for {{name}}',
      message: '{{name}} asks for a quote',
    });

    // Within 5 minutes, 3 of 4 won; 5–30 min 1 of 3; 30 min–4 h 1 of 1; later 0 of 1; never 0 of 1.
    await seedOutcomes(product, me.entity.id, [
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 2,
        answeredBy: adminId,
        outcome: 'won',
        value: 1200,
      },
      {
        flowId: contact,
        source: 'google_ads',
        answeredAfterMinutes: 3,
        answeredBy: member.userId,
        outcome: 'won',
        value: 800,
      },
      { flowId: contact, source: 'google_ads', answeredAfterMinutes: 4, answeredBy: adminId, outcome: 'lost' },
      { flowId: contact, source: 'organic_search', answeredAfterMinutes: 1, answeredBy: member.userId, outcome: 'won' },
      { flowId: quotes, source: 'organic_search', answeredAfterMinutes: 10, answeredBy: adminId, outcome: 'lost' },
      {
        flowId: quotes,
        source: 'google_ads',
        answeredAfterMinutes: 20,
        answeredBy: member.userId,
        outcome: 'no_answer',
      },
      { flowId: quotes, source: 'direct', answeredAfterMinutes: 60, answeredBy: adminId, outcome: 'won', value: 300 },
      { flowId: contact, source: 'direct', answeredAfterMinutes: 300, answeredBy: member.userId, outcome: 'lost' },
      { flowId: contact, source: 'social', answeredAfterMinutes: null, answeredBy: null, outcome: 'lost' },
      {
        flowId: quotes,
        source: 'referral',
        answeredAfterMinutes: 29,
        answeredBy: member.userId,
        outcome: 'won',
        value: 50,
      },
    ]);
    // One lead through the API, as the snippet or the SDK would send it; it has no outcome yet.
    const sent = await fetch(`${product.url}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        flowId: contact,
        data: { name: 'Priya' },
        pageUrl: `${SITE}/pricing`,
        referrer: 'https://www.google.com/',
        attribution: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-sale', gclid: 'EAIaIQob' },
      }),
    });
    expect(sent.status).toBe(202);
    await fetch(`${product.url}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ flowId: contact, data: { name: 'Mark' }, referrer: 'https://www.facebook.com/' }),
    }).then((response) => expect(response.status).toBe(202));

    await signInBrowser(context, product, admin);

    await test.step('the inbox filters by source; the card says where the lead came from in one line', async () => {
      await page.goto('/leads?filter=all');
      await expect(leadRow(page, 'New lead: Priya')).toBeVisible();
      await expect(leadRow(page, 'New lead: Mark')).toBeVisible();
      await showLeadFilters(page);
      await page.getByLabel('Source').selectOption({ label: 'Google Ads' });
      await expect(page).toHaveURL(/source=google_ads/);
      await expect(leadRow(page, 'New lead: Mark')).toHaveCount(0);
      await expect(leadRow(page, 'New lead: Priya')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /source=google_ads/);
      await screenshot(page, testInfo, 'lead-sources-inbox');
      await page.getByLabel('Source').selectOption({ label: 'Social' });
      await expect(leadRow(page, 'New lead: Mark')).toBeVisible();
      await expect(leadRow(page, 'New lead: Priya')).toHaveCount(0);
      await page.getByLabel('Source').selectOption({ label: 'Google Ads' });

      await leadRow(page, 'New lead: Priya').getByRole('link', { name: 'New lead: Priya' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('New lead: Priya');
      const source = page.getByRole('term').filter({ hasText: /^Source$/ });
      await expect(source).toHaveCount(1);
      await expect(page.getByRole('definition').filter({ hasText: 'Google Ads ·' })).toHaveText(
        'Google Ads · campaign spring-sale · via google.com · from /pricing',
      );
      await screenshot(page, testInfo, 'lead-sources-card');
    });

    await test.step('insights: conversion by time to first answer, with each sample in words', async () => {
      await page.goto('/insights?days=7');
      const section = page.getByRole('region', { name: 'What became of your leads' });
      await expect(section).toBeVisible();
      const figures = section.getByRole('definition');
      await expect(figures.first()).toHaveText('50%');
      await expect(section.getByText('5 of 10 leads with an outcome (12 leads)')).toBeVisible();
      await expect(section.getByText('£2,350', { exact: true })).toBeVisible();

      const bands = section.getByRole('list', { name: 'Won by time to first answer' }).getByRole('listitem');
      await expect(bands).toHaveCount(5);
      await expect(bands.nth(0)).toHaveText(/Under 5 min\s*75%\s*3 of 4 won · 4 leads\s*small sample/);
      await expect(bands.nth(1)).toHaveText(/5–30 min\s*33%\s*1 of 3 won · 3 leads\s*small sample/);
      await expect(bands.nth(2)).toHaveText(/30 min–4 h\s*100%\s*1 of 1 won · 1 lead\s*small sample/);
      await expect(bands.nth(3)).toHaveText(/Later\s*0%\s*0 of 1 won · 1 lead\s*small sample/);
      // The two API leads are open, never answered, without outcomes.
      await expect(bands.nth(4)).toHaveText(/Never answered\s*0%\s*0 of 1 won · 3 leads\s*small sample/);

      const sourceColumns = ['Source', 'Won', 'Won of outcomes', 'Leads', 'Value won'];
      const sources = section.getByRole('table', { name: 'Conversion per source' }).locator('tbody tr');
      const google = withoutLabels(await cellsOf(sources.and(page.locator('[data-row="google_ads"]'))), sourceColumns);
      expect(google).toEqual(['Google Ads', '50% small sample', '2 of 4', '5', '£2,000']);
      const direct = withoutLabels(await cellsOf(sources.and(page.locator('[data-row="direct"]'))), sourceColumns);
      expect(direct).toEqual(['Direct', '50% small sample', '1 of 2', '2', '£300']);

      const memberColumns = ['Member', 'Won', 'Won of outcomes', 'Leads'];
      const members = section.getByRole('table', { name: 'Conversion per member' }).locator('tbody tr');
      await expect(members).toHaveCount(2);
      expect(
        withoutLabels(await cellsOf(members.and(page.locator(`[data-row="${member.userId}"]`))), memberColumns),
      ).toEqual(['Bo Member', '60% small sample', '3 of 5', '5']);
      expect(withoutLabels(await cellsOf(members.and(page.locator(`[data-row="${adminId}"]`))), memberColumns)).toEqual(
        ['Ann Owner', '50% small sample', '2 of 4', '4'],
      );
      const flows = section.getByRole('table', { name: 'Conversion per flow' }).locator('tbody tr');
      expect(withoutLabels(await cellsOf(flows.and(page.locator(`[data-row="${quotes}"]`))), memberColumns)).toEqual([
        'Quotes',
        '50% small sample',
        '2 of 4',
        '4',
      ]);
      await screenshot(page, testInfo, 'insights-conversion');
      // Parts a phone's long page would shrink out of sight in a whole-page picture.
      await sectionShot(
        section.getByRole('list', { name: 'Won by time to first answer' }).locator('..'),
        testInfo,
        'insights-conversion-bands',
      );
      await sectionShot(
        section.getByRole('region', { name: 'Won per source' }),
        testInfo,
        'insights-conversion-sources',
      );
    });
  });
});
