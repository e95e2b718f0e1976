import { createFlow, createOwner, notify, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test } from './fixtures/test.ts';
import { leadRow } from './fixtures/inbox.ts';

// Issue 25: an admin deletes a lead from its card, after a confirmation that says what happens,
// and can undo it from the inbox they land on.

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} wrote: {{note}}' };

test.describe('delete a lead', () => {
  test('an admin deletes a lead from its card, the inbox no longer lists it, and Undo brings it back', async ({
    page,
    context,
    product,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('delete-lead', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    for (const data of [
      { name: 'Lena', note: 'Leak under the sink' },
      { name: 'Omar', note: 'Quote for a bathroom' },
    ])
      expect(await notify(product, owner.apiKey, { flowId, data })).toBe(202);
    await signInBrowser(context, product, owner);

    await page.goto('/leads');
    await leadRow(page, 'New lead: Lena').getByRole('link', { name: 'New lead: Lena' }).click();
    await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
    const leadId = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(page.getByRole('heading', { name: 'New lead: Lena' })).toBeVisible();
    // The card's activity grows live above the Delete button (the email copy, "Seen by you"); a
    // click while it grew once landed where the button had been (CI). With both in, it stays put.
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect(activity).toContainText('Emailed to');
    await expect(activity).toContainText('Seen by you');

    await page.getByRole('button', { name: 'Delete lead' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this lead?' });
    await expect(dialog).toContainText('disappears from the inbox and its counts, from insights and from CSV exports');
    await expect(dialog).toContainText('It can be restored for 30 days');
    // Focus starts on Cancel: Enter right away deletes nothing.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshot(page, testInfo, 'delete-lead-confirm', { fullPage: false });
    const deleted = page.waitForResponse((response) => response.url().endsWith(`/v1/leads/${leadId}/delete`));
    await dialog.getByRole('button', { name: 'Delete lead' }).click();
    expect((await deleted).status()).toBe(200);

    await expect(page).toHaveURL(/\/leads$/);
    const notice = page.getByRole('status').filter({ hasText: 'Lead “New lead: Lena” deleted.' });
    await expect(notice).toBeVisible();
    await expect(leadRow(page, 'New lead: Omar')).toBeVisible();
    await expect(leadRow(page, 'New lead: Lena')).toHaveCount(0);
    // Focus is on the message, so a screen reader reads it; Undo is the next stop.
    await expect(page.locator(':focus')).toContainText('Lead “New lead: Lena” deleted.');
    await screenshot(page, testInfo, 'delete-lead-undo', { fullPage: false });

    await page.keyboard.press('Tab');
    const undo = notice.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    const restored = page.waitForResponse((response) => response.url().endsWith(`/v1/leads/${leadId}/restore`));
    await page.keyboard.press('Enter');
    expect((await restored).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Lead restored.' })).toBeVisible();
    await expect(leadRow(page, 'New lead: Lena')).toBeVisible();
    await expect(leadRow(page, 'New lead: Omar')).toBeVisible();

    const open = await ownerGet<{ data: Array<{ id: string }> }>(product, owner, '/v1/leads?filter=open');
    expect(open.data.map((lead) => lead.id)).toContain(leadId);
  });
});
