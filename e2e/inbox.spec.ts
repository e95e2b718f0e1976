import { createFlow, createOwner, notify, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test } from './fixtures/test.ts';
import { leadRow } from './fixtures/inbox.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

// Issue 25: the console a team lives in opens on the leads still waiting, shows what is late
// first, takes a lead from the list, and never loses one to the plan's limit (decisions 041, 042).

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} wrote: {{note}}' };

test.describe('inbox', () => {
  test('opens on Open after sign-in; an overdue lead is marked and first; “I’m on it” from the list', async ({
    page,
    context,
    product,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('inbox', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Lena', note: 'Leak under the sink' } })).toBe(
      202,
    );
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Omar', note: 'Quote for a bathroom' } })).toBe(
      202,
    );
    // Lena's lead arrived first; her five minutes passed twenty minutes ago.
    const open = await ownerGet<{ data: Array<{ id: string; title: string }> }>(
      product,
      owner,
      '/v1/leads?filter=open',
    );
    const lena = open.data.find((lead) => lead.title === 'New lead: Lena')!;
    await product.sql(`update notifications set response_started_at = now() - interval '25 minutes' where id = $1`, [
      lena.id,
    ]);
    await signInBrowser(context, product, owner);

    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('button', { name: 'Open', pressed: true })).toBeVisible();
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    // Newest first, except that what is late comes before it.
    await expect(rows.first()).toContainText('New lead: Lena');
    await expect(rows.first()).toContainText(/Overdue 2\d min/);
    await expect(rows.nth(1)).toContainText('New lead: Omar');
    await expect(rows.nth(1)).not.toContainText('Overdue');

    // On a 390 × 844 phone the first lead is in view without scrolling.
    const firstBox = await rows.first().boundingBox();
    expect(firstBox!.y + firstBox!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await screenshot(page, testInfo, 'inbox-open', { fullPage: false });

    const claimed = page.waitForResponse((response) => response.url().endsWith('/claim'));
    await leadRow(page, 'New lead: Lena').getByRole('button', { name: 'I’m on it: New lead: Lena' }).click();
    expect((await claimed).status()).toBe(200);
    await expect(leadRow(page, 'New lead: Lena')).toContainText('You’re on it');
    await expect(leadRow(page, 'New lead: Lena')).not.toContainText('Overdue');
    const leads = await ownerGet<{ data: Array<{ title: string; status: string }> }>(
      product,
      owner,
      '/v1/leads?filter=mine',
    );
    expect(leads.data.map((lead) => lead.title)).toEqual(['New lead: Lena']);
  });

  test('past Starter’s limit a lead is held, not refused: the inbox says how many wait; a larger plan rings them', async ({
    page,
    context,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('held', testInfo.project.name), plan: 'starter' });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const usage = await ownerGet<{ periodStart: string }>(product, owner, '/v1/usage');
    const me = await ownerGet<{ entity: { id: string } }>(product, owner, '/v1/me');
    await product.sql(
      `insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 20)
       on conflict (entity_id, period_start) do update set notification_count = 20`,
      [me.entity.id, usage.periodStart],
    );
    const answer = await fetch(`${product.url}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ flowId, data: { name: 'Kim', note: 'Boiler is out' } }),
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ status: 'held', held: true, warning: expect.any(String) });
    await signInBrowser(context, product, owner);

    await page.goto('/leads');
    const banner = page.getByRole('status').filter({ hasText: 'lead waiting' });
    await expect(banner).toContainText('1 lead waiting. This month’s 20 Starter leads are used');
    await expect(leadRow(page, 'New lead: Kim')).toContainText('Held');
    await screenshot(page, testInfo, 'inbox-held', { fullPage: false });

    await banner.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/account#plan$/);
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await plan.getByRole('radio', { name: /Growth/ }).click();
    await plan.getByRole('button', { name: 'Switch to Growth' }).click();
    await expect(plan.getByText('You’re on the Growth plan.')).toBeVisible();

    await page.goto('/leads');
    await expect(leadRow(page, 'New lead: Kim')).toBeVisible();
    await expect(leadRow(page, 'New lead: Kim')).not.toContainText('Held');
    await expect(page.getByRole('status').filter({ hasText: 'lead waiting' })).toHaveCount(0);
    // Released into the month's count, and delivered: the owner has no device, so by email.
    await expect.poll(() => product.smtp.received.some((mail) => mail.subject === 'New lead: Kim')).toBe(true);
  });
});

test.describe('plans', () => {
  test('Growth → Pro frees seats at once: the team page says so without a reload, and the invitation goes', async ({
    page,
    context,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('seats', testInfo.project.name), plan: 'growth' });
    await signInBrowser(context, product, owner);
    await page.goto('/team');
    await expect(page.getByText('1 of 1 seat used')).toBeVisible();

    await page.goto('/account#plan');
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await plan.getByRole('radio', { name: /Pro/ }).click();
    await plan.getByRole('button', { name: 'Switch to Pro' }).click();
    await expect(plan.getByText('You’re on the Pro plan.')).toBeVisible();

    // Back to the team page within the app (no reload): the seats are the new plan's.
    await page.goBack();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByText('1 of 3 seats used')).toBeVisible();
    await page.getByRole('button', { name: 'Invite teammate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
    await dialog.getByLabel('Email').fill(uniqueEmail('pro-invitee', testInfo.project.name));
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('2 of 3 seats used')).toBeVisible();
  });
});

test.describe('lead email and search', () => {
  test('the lead email’s “Open lead” opens the lead card, through sign-in when signed out', async ({
    page,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('mail-link', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const mailsBefore = product.smtp.count();
    expect(await notify(product, owner.apiKey, { flowId, data: { name: 'Noor', note: 'Flat roof leaking' } })).toBe(
      202,
    );
    // No device yet, so the lead copy is emailed (decision 021).
    const mail = await product.smtp.waitForMail(owner.email, { after: mailsBefore, timeoutMs: 15_000 });
    // Quoted-printable breaks long lines with "=" at the end; the link is whole once they are joined.
    const link = mail.raw.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s"<>]+\/leads\/[0-9a-f-]{36}/)?.[0];
    expect(link, mail.raw).toBeDefined();

    await page.goto(link!);
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fleads%2F[0-9a-f-]{36}$/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new URL(link!).pathname, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New lead: Noor');
    await expect(page.getByText('Noor wrote: Flat roof leaking')).toBeVisible();
  });

  test('search finds a name with or without its accents, and a phone number however it is written', async ({
    page,
    context,
    product,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('search', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    for (const [name, phone] of [
      ['Émilie Durand', '07700 900123'],
      ['Zoë Park', '+44 (0)20 7946-0018'],
    ]) {
      expect(
        await notify(product, owner.apiKey, { flowId, data: { name: name!, phone: phone!, note: 'Quote?' } }),
      ).toBe(202);
    }
    // The worker indexes each lead for search just after its 202: wait until the API finds both.
    await expect
      .poll(async () => (await ownerGet<{ data: unknown[] }>(product, owner, '/v1/leads?filter=all&q=0')).data.length)
      .toBe(2);
    await signInBrowser(context, product, owner);
    await page.goto('/leads?filter=all');
    const search = page.getByLabel('Search');
    for (const [query, found, missed] of [
      ['emilie', 'New lead: Émilie Durand', 'New lead: Zoë Park'],
      ['+44 7700 900123', 'New lead: Émilie Durand', 'New lead: Zoë Park'],
      ['zoe', 'New lead: Zoë Park', 'New lead: Émilie Durand'],
      ['020 7946 0018', 'New lead: Zoë Park', 'New lead: Émilie Durand'],
    ] as const) {
      await search.fill(query);
      await expect(leadRow(page, found)).toBeVisible();
      await expect(leadRow(page, missed)).toHaveCount(0);
    }
  });
});
