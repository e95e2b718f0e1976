import { startFakeTelegram, type FakeTelegram } from '../apps/server/test/fake-telegram.ts';
import { createOwner, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { startProduct } from './fixtures/product.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test as base } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const TOKEN = '424242:E2E-telegram-bot-token';

// This journey's product has Telegram on, against a local fake Bot API that its worker long-polls.
const test = base.extend<object, { telegram: FakeTelegram }>({
  telegram: [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeTelegram(TOKEN);
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  product: [
    async ({ telegram }, use) => {
      const product = await startProduct({
        env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BOT_USERNAME: 'LeadbellE2EBot', TELEGRAM_API_URL: telegram.url },
      });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('telegram › a member links their chat from Channels, sees it linked, and unlinks it', async ({
  page,
  product,
  context,
  telegram,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
  const owner = await createOwner(product, { email: uniqueEmail('telegram', testInfo.project.name) });
  await signInBrowser(context, product, owner);
  const section = page.getByRole('region', { name: 'Telegram' });

  await test.step('not linked: one button links it (the Account page’s old link lands on Channels)', async () => {
    await page.goto('/account#telegram');
    await expect(page).toHaveURL(/\/channels#telegram$/);
    await expect(section.getByRole('button', { name: 'Link Telegram' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'telegram-not-linked', { fullPage: false });
  });

  await test.step('the deep link opens the bot; Start there links the chat and the page shows it', async () => {
    await section.getByRole('button', { name: 'Link Telegram' }).click();
    const open = section.getByRole('link', { name: 'Open Telegram' });
    await expect(open).toHaveAttribute('href', /^https:\/\/t\.me\/LeadbellE2EBot\?start=[A-Za-z0-9_-]{32}$/);
    await screenshot(page, testInfo, 'telegram-open-link', { fullPage: false });
    const token = new URL((await open.getAttribute('href'))!).searchParams.get('start');
    const chatId = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    telegram.inject({
      message: {
        message_id: 1,
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, first_name: 'Olive' },
        text: `/start ${token}`,
      },
    });
    await expect(section.getByText('Linked to')).toContainText('Olive', { timeout: 15_000 });
    await expect(section.getByRole('switch', { name: 'Send my leads to Telegram' })).toBeChecked();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'telegram-linked', { fullPage: false });
  });

  await test.step('unlink, confirmed, brings the Link button back', async () => {
    await section.getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('alertdialog', { name: 'Unlink Telegram?' }).getByRole('button', { name: 'Unlink' }).click();
    await expect(section.getByRole('button', { name: 'Link Telegram' })).toBeVisible();
  });
});
