import { createFlow, createOwner, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot } from './fixtures/screenshot.ts';
import { expect, test } from './fixtures/test.ts';

// Issue 50: a flow that rings its team in turn, and a member away.

test('on call › a flow rings one member at a time; a member sets themselves away and back', async ({
  page,
  product,
  context,
}, testInfo) => {
  const owner = await createOwner(product, { email: uniqueEmail('on-call', testInfo.project.name), plan: 'pro' });
  await signInBrowser(context, product, owner);
  const flowId = await createFlow(product, owner, {
    name: 'Contact form',
    title: 'New lead: {{name}}',
    message: '{{name}} wrote: {{question}}',
  });

  await test.step('the flow rings in turn, the next member after 3 minutes', async () => {
    await page.goto(`/flows/${flowId}/edit`);
    await expect(page.getByRole('radio', { name: /Everyone at once/ })).toBeChecked();
    await expect(page.getByLabel('Next member after (minutes)')).toHaveCount(0);
    await page.getByRole('radio', { name: /One member at a time, in turn/ }).check();
    await page.getByLabel('Next member after (minutes)').fill('3');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'flow-ring-in-turn');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => ownerGet<{ ringPolicy: string; ringStepMinutes: number }>(product, owner, `/v1/flows/${flowId}`))
      .toMatchObject({ ringPolicy: 'in_turn', ringStepMinutes: 3 });
  });

  await test.step('away on, kept after a reload, and off again', async () => {
    await page.goto('/account#away');
    const away = page.getByRole('switch', { name: 'I’m away' });
    await expect(away).not.toBeChecked();
    await away.click();
    await expect(away).toBeChecked();
    await expect(page.getByText(/new leads ring your teammates, not you/)).toBeVisible();
    await expect
      .poll(() => ownerGet<{ away: boolean }>(product, owner, '/v1/me/availability'))
      .toMatchObject({
        away: true,
      });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'account-away');
    await page.reload();
    await expect(away).toBeChecked();
    await away.click();
    await expect(away).not.toBeChecked();
    await expect
      .poll(() => ownerGet<{ away: boolean }>(product, owner, '/v1/me/availability'))
      .toMatchObject({
        away: false,
      });
  });
});
