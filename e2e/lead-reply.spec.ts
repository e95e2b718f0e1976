import type { Page } from '@playwright/test';
import { createFlow, createOwner, notify, signInBrowser, uniqueEmail, type Owner } from './fixtures/owner-api.ts';
import type { Product } from './fixtures/product.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { addTeammate } from './fixtures/team-api.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

// Issue 26: a member answers a lead from its card, by email through Leadbell (a canned reply filled
// from the lead, edited, sent) and by phone; both land in the lead's timeline.

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} wrote: {{note}}' };

/** POST as the owner (session cookie), the console's way. */
async function ownerPost(product: Product, owner: Owner, path: string, body: unknown) {
  const response = await fetch(`${product.url}${path}`, {
    method: 'POST',
    headers: {
      origin: product.url,
      'x-forwarded-for': owner.address,
      'content-type': 'application/json',
      cookie: owner.cookie,
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

async function openLead(page: Page, title: string) {
  await page.goto('/leads');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

test.describe('reply from the lead card', () => {
  test('a member picks a canned reply, edits it, sends it; the visitor gets it and the timeline shows it; Call is recorded', async ({
    page,
    context,
    product,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('reply-owner', testInfo.project.name), plan: 'pro' });
    const member = await addTeammate(product, owner, {
      email: uniqueEmail('reply-member', testInfo.project.name),
      name: 'Mo Member',
    });
    await ownerPost(product, owner, '/v1/canned-replies', {
      title: 'Thanks, we call back',
      body: 'Hi {{name}},\n\nThanks for asking about {{note}}. We call you today.',
    });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    const visitor = uniqueEmail('visitor', testInfo.project.name);
    expect(
      await notify(product, owner.apiKey, {
        flowId,
        data: { name: 'Lena', email: visitor, phone: '+44 7911 123456', note: 'the leak under the sink' },
      }),
    ).toBe(202);
    await signInBrowser(context, product, member);
    await openLead(page, 'New lead: Lena');

    const reply = page.getByRole('region', { name: 'Reply' });
    await expect(reply).toContainText(`To ${visitor}`);
    await reply.getByRole('button', { name: 'Reply by email' }).click();
    const form = page.getByRole('form', { name: 'Reply by email' });
    const message = form.getByRole('textbox', { name: 'Message' });
    await expect(message).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('Your inquiry to Acme Homes');
    await form.getByRole('combobox', { name: 'Canned reply' }).selectOption({ label: 'Thanks, we call back' });
    await expect(message).toHaveValue(
      'Hi Lena,\n\nThanks for asking about the leak under the sink. We call you today.',
    );
    await message.press('End');
    await message.pressSequentially(' Around 3 pm suits?\n\nMo');
    await screenshot(page, testInfo, 'lead-reply-composer');

    const mailsBefore = product.smtp.count();
    const sent = page.waitForResponse((response) => response.url().endsWith('/replies'));
    await form.getByRole('button', { name: 'Send reply' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: `Reply sent to ${visitor}.` })).toBeVisible();
    await expect(reply.getByRole('button', { name: 'Reply by email' })).toBeFocused();

    const activity = page.getByRole('list', { name: 'Activity' });
    await expect(activity).toContainText(`You replied by email to ${visitor}`);
    await expect(activity).toContainText('We call you today. Around 3 pm suits?');
    // The reply was the first response: the member is on it.
    await expect(activity).toContainText('You are on it');
    await expect(page.getByRole('region', { name: 'Who is on it' })).toContainText('You’re on it');

    const mail = await product.smtp.waitForMail(visitor, { after: mailsBefore });
    expect(mail.subject).toBe('Your inquiry to Acme Homes');
    expect(mail.raw).toMatch(/^From: Mo Member at Acme Homes <[^>]+>\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${member.email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
    expect(mail.raw).toContain(
      'Thanks for asking about the leak under the sink. We call you today. Around 3 pm suits?',
    );

    // Call opens the dialer at once; the tap is kept in the timeline. The browser is kept from
    // leaving for tel: (there is no dialer here) after the page's own handler has run.
    await page.evaluate(() =>
      window.addEventListener('click', (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      }),
    );
    const attempt = page.waitForRequest((request) => request.url().endsWith('/attempts'));
    await page.getByRole('link', { name: 'Call +44 7911 123456' }).click();
    expect((await attempt).postDataJSON()).toEqual({ channel: 'call', to: '+44 7911 123456' });
    await expect(activity).toContainText('You called +44 7911 123456');
    await screenshot(page, testInfo, 'lead-reply-sent');
  });

  test('an admin adds a canned reply from the composer and it is offered at once', async ({
    page,
    context,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('reply-admin', testInfo.project.name) });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    expect(
      await notify(product, owner.apiKey, {
        flowId,
        data: { name: 'Omar', email: uniqueEmail('omar', testInfo.project.name), note: 'a new bathroom' },
      }),
    ).toBe(202);
    await signInBrowser(context, product, owner);
    await openLead(page, 'New lead: Omar');

    const replies: string[] = [];
    page.on('request', (request) => (request.url().endsWith('/replies') ? replies.push(request.url()) : undefined));
    await page.getByRole('button', { name: 'Reply by email' }).click();
    const form = page.getByRole('form', { name: 'Reply by email' });
    await form.getByRole('button', { name: 'Manage replies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Canned replies' });
    await expect(dialog).toContainText('No canned replies yet.');
    await dialog.getByRole('button', { name: 'New canned reply' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Quote on its way');
    await dialog.getByRole('textbox', { name: 'Reply' }).fill('Hi {{name}}, your quote for {{note');
    await dialog.getByRole('button', { name: 'Add reply' }).click();
    await expect(dialog.getByText('Reply has an unclosed {{ at character 29.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reply' }).fill('Hi {{name}}, your quote for {{note}} follows today.');
    await screenshot(page, testInfo, 'lead-reply-manage', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add reply' }).click();
    await expect(dialog.getByRole('status')).toContainText('“Quote on its way” added.');
    await expect(dialog.getByRole('list', { name: 'Canned replies' })).toContainText('Quote on its way');
    await screenshot(page, testInfo, 'lead-reply-manage-list', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Saving in the dialog did not submit the composer it was opened from.
    await expect(form.getByText('Please write your reply.')).toHaveCount(0);

    await form.getByRole('combobox', { name: 'Canned reply' }).selectOption({ label: 'Quote on its way' });
    await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Hi Omar, your quote for a new bathroom follows today.',
    );
    expect(replies).toEqual([]);
  });
});
