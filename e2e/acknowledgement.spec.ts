import { createFlow, createOwner, notify, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const CONTACT_FLOW = {
  name: 'Contact form',
  title: 'New lead from {{name}}',
  message: '{{name}} ({{email}}) wrote: {{message}}',
};

test.describe('acknowledgement', () => {
  test('acknowledgement › an admin switches it on, edits the template with a live preview, and the next visitor gets it from the business', async ({
    page,
    product,
    context,
  }, testInfo) => {
    const owner = await createOwner(product, {
      email: uniqueEmail('acknowledgement', testInfo.project.name),
      entityName: 'Acme Homes',
    });
    const flowId = await createFlow(product, owner, CONTACT_FLOW);
    await signInBrowser(context, product, owner);
    await page.goto('/flows');
    await page.getByRole('link', { name: `Edit ${CONTACT_FLOW.name}` }).click();
    const section = page.getByRole('region', { name: 'Acknowledge visitors by email' });
    const preview = section.getByRole('region', { name: 'Preview' });

    await test.step('off by default, with a ready template and its preview from sample values', async () => {
      await expect(section.getByRole('switch', { name: 'Send an acknowledgement' })).not.toBeChecked();
      await expect(section).toContainText('From Acme Homes');
      await expect(preview).toContainText('Thanks, Priya: we got your message');
      await expect(section.getByRole('list', { name: 'Placeholders' })).toContainText('{{email}}');
    });

    await test.step('a broken placeholder is refused field by field', async () => {
      await section.getByRole('switch', { name: 'Send an acknowledgement' }).click();
      await section.getByLabel('Subject', { exact: true }).fill('Thanks {{name');
      await section.getByRole('button', { name: 'Save acknowledgement' }).click();
      await expect(section.getByText('Subject has an unclosed {{ at character 8.')).toBeVisible();
      await expect(section.getByLabel('Subject', { exact: true })).toBeFocused();
    });

    await test.step('the preview follows the template as it is typed, open and closed', async () => {
      await section.getByLabel('Subject', { exact: true }).fill('Thanks {{name}}, Acme Homes has your message');
      await section.getByLabel('Text', { exact: true }).fill('Hi {{name}},\n\nWe will call you about: {{message}}');
      await section.getByLabel('Text after hours (optional)').fill('Hi {{name}}, we open at 9:00 and will call then.');
      await expect(preview).toContainText('Thanks Priya, Acme Homes has your message');
      await expect(preview).toContainText('We will call you about: Do you have a viewing slot on Saturday?');
      await preview.getByRole('button', { name: 'Closed' }).click();
      await expect(preview.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
      await expect(preview).toContainText('Hi Priya, we open at 9:00 and will call then.');
      await expectNoHorizontalOverflow(page);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'acknowledgement-editor');
      await section.getByLabel('Subject', { exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'acknowledgement-editor-fields', { fullPage: false });
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'acknowledgement-editor-preview', { fullPage: false });
    });

    await test.step('saved, the flow acknowledges the next visitor from the business’s name', async () => {
      await section.getByRole('button', { name: 'Save acknowledgement' }).click();
      await expect(section.getByRole('status')).toHaveText('Saved. Visitors with an email address now get this email.');
      await screenshot(page, testInfo, 'acknowledgement-saved', { fullPage: false });
      const flow = await ownerGet<{ acknowledgementEnabled: boolean; acknowledgementSubject: string }>(
        product,
        owner,
        `/v1/flows/${flowId}`,
      );
      expect(flow).toMatchObject({
        acknowledgementEnabled: true,
        acknowledgementSubject: 'Thanks {{name}}, Acme Homes has your message',
      });
      const visitor = uniqueEmail('visitor', testInfo.project.name);
      const mailsBefore = product.smtp.count();
      expect(
        await notify(product, owner.apiKey, {
          flowId,
          data: { name: 'Ann', email: visitor, message: 'Is the flat still free?' },
        }),
      ).toBe(202);
      const mail = await product.smtp.waitForMail(visitor, { after: mailsBefore });
      expect(mail.subject).toBe('Thanks Ann, Acme Homes has your message');
      expect(mail.raw).toMatch(/^From: Acme Homes <[^>]+>\r?$/m);
      expect(mail.raw).toContain('We will call you about: Is the flat still free?');
    });
  });

  test('acknowledgement › an admin sets the business’s reply address and currency', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('reply-to', testInfo.project.name) });
    await signInBrowser(context, product, owner);
    await page.goto('/business#replies');
    const section = page.getByRole('region', { name: 'Replies and currency' });
    await section.getByLabel('Reply address').fill('office at acme');
    await section.getByRole('button', { name: 'Save replies and currency' }).click();
    await expect(section.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(section.getByLabel('Reply address')).toBeFocused();
    await section.getByLabel('Reply address').fill('Office@Acme-Homes.example');
    await section.getByLabel('Currency').selectOption('EUR');
    await section.getByRole('button', { name: 'Save replies and currency' }).click();
    await expect(section.getByRole('status')).toHaveText('Saved.');
    await expect(section.getByLabel('Reply address')).toHaveValue('office@acme-homes.example');
    const me = await ownerGet<{ entity: { replyToEmail: string; currency: string } }>(product, owner, '/v1/me');
    expect(me.entity).toMatchObject({ replyToEmail: 'office@acme-homes.example', currency: 'EUR' });
    await expectNoHorizontalOverflow(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'acknowledgement-business-replies');
  });
});
