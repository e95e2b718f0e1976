import type { Locator, TestInfo } from '@playwright/test';
import {
  FAKE_TWILIO_FROM,
  FAKE_TWILIO_SID,
  FAKE_TWILIO_TOKEN,
  startFakeTwilio,
  type FakeTwilio,
} from '../apps/server/test/fake-twilio.ts';
import { createOwner, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { addTeammate } from './fixtures/team-api.ts';
import { startProduct } from './fixtures/product.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test as base } from './fixtures/test.ts';

const test = base.extend<object, { twilio: FakeTwilio }>({
  twilio: [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const twilio = await startFakeTwilio();
      await use(twilio);
      await twilio.close();
    },
    { scope: 'worker' },
  ],
  product: [
    async ({ twilio }, use) => {
      const product = await startProduct({
        env: {
          TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
          TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
          TWILIO_FROM_NUMBER: FAKE_TWILIO_FROM,
          TWILIO_API_URL: twilio.url,
        },
      });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** The section alone as well, when pictures are wanted: the full page's sticky header can cover part of it. */
async function sectionShot(section: Locator, testInfo: TestInfo, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await section.screenshot({ path: `${dir}/${name}-section-${testInfo.project.name}.png` });
}

test('sms › a member adds a mobile number on Channels, confirms the texted code, sends a test and chooses texts for escalations', async ({
  page,
  product,
  context,
  twilio,
}, testInfo) => {
  // A member, not an admin: every member texts their own phone.
  const owner = await createOwner(product, { email: uniqueEmail('sms-owner', testInfo.project.name), plan: 'pro' });
  const member = await addTeammate(product, owner, {
    email: uniqueEmail('sms', testInfo.project.name),
    name: 'Sam Member',
  });
  await signInBrowser(context, product, member);
  const mobile = testInfo.project.name === 'phone' ? '+447911223502' : '+447911223501';
  const section = page.getByRole('region', { name: 'Text messages' });

  await test.step('the Channels page offers to add a number, and shows a member no business channels', async () => {
    await page.goto('/channels#sms');
    await expect(page.getByRole('region', { name: 'Webhooks' })).toHaveCount(0);
    await expect(section.getByLabel('Mobile number')).toBeVisible();
    await expect(section).toContainText('200 texts a month');
    await section.getByRole('button', { name: 'Text me a code' }).click();
    await expect(section.getByText(/Enter your mobile number/)).toBeVisible();
    await expect(section.getByLabel('Mobile number')).toBeFocused();
    await section.getByLabel('Mobile number').fill(mobile);
    await screenshot(page, testInfo, 'sms-add-number');
    await sectionShot(section, testInfo, 'sms-add-number');
  });

  await test.step('a code is texted through Twilio and confirms the number', async () => {
    await section.getByRole('button', { name: 'Text me a code' }).click();
    await expect(section.getByText(/We texted a code to/)).toBeVisible();
    await expect.poll(() => twilio.to(mobile).length).toBe(1);
    const code = /\d{6}/.exec(twilio.to(mobile)[0]!.fields.Body!)![0];
    await section.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: 'Verify' }).click();
    await expect(section.getByText(/That code is not right\. 4 tries left\./)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'sms-enter-code');
    await sectionShot(section, testInfo, 'sms-enter-code');
    await section.getByLabel('Code').fill(code);
    await section.getByRole('button', { name: 'Verify' }).click();
    await expect(section.getByText('verified')).toBeVisible();
  });

  await test.step('a test text reaches the phone', async () => {
    await section.getByRole('button', { name: 'Send test text' }).click();
    await expect(section.getByText('Test text sent: look at your phone.')).toBeVisible();
    expect(twilio.to(mobile).at(-1)!.fields.Body).toMatch(/^Leadbell test:/);
  });

  await test.step('texts for escalations only, kept after a reload', async () => {
    await expect(section.getByRole('radio', { name: /Off/ })).toBeChecked();
    await section.getByRole('radio', { name: /Escalations only/ }).check();
    await expect(section.getByText('Saved: escalations only.')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'sms-verified');
    await sectionShot(section, testInfo, 'sms-verified');
    await page.reload();
    await expect(section.getByRole('radio', { name: /Escalations only/ })).toBeChecked();
  });
});
