import { createOwner, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot, sectionShot } from './fixtures/screenshot.ts';
import { expect } from './fixtures/test.ts';
import { test } from './fixtures/twilio.ts';

// Decision 082: an admin makes the business's own number the caller ID customers see when a
// teammate presses 1 on a lead call. Twilio calls the number; the code is typed on its keypad.

test('caller id › an admin verifies the business’s number through Twilio’s call, sees it fail and succeed, and removes it', async ({
  page,
  product,
  context,
  twilio,
}, testInfo) => {
  const owner = await createOwner(product, { email: uniqueEmail('caller-id', testInfo.project.name), plan: 'pro' });
  await signInBrowser(context, product, owner);
  // Each project its own numbers: a number is called at most 3 times a day.
  const [first, second] =
    testInfo.project.name === 'phone' ? ['+442079460311', '+442079460312'] : ['+442079460301', '+442079460302'];
  const section = page.getByRole('region', { name: 'Caller ID' });
  const phoneField = section.getByLabel('Business phone number');

  await test.step('the Business page shows Leadbell’s number and refuses a number it cannot call', async () => {
    await page.goto('/business#caller-id');
    await expect(section.getByText('Customers see +1 500 555 0006')).toBeVisible();
    await expect(section.getByText('Leadbell’s number')).toBeVisible();
    await section.getByRole('button', { name: 'Call this number to verify' }).click();
    await expect(section.getByText(/Enter your business’s phone number/)).toBeVisible();
    await expect(phoneField).toBeFocused();
    await phoneField.fill('+44 909 879 0879');
    await section.getByRole('button', { name: 'Call this number to verify' }).click();
    await expect(section.getByText(/this is a premium-rate number/)).toBeVisible();
    expect(twilio.callerIdRequests).toHaveLength(0);
    await expectNoHorizontalOverflow(page);
    await sectionShot(section, testInfo, 'caller-id-refused');
  });

  await test.step('Twilio calls the number; the code to type is shown; a wrong code fails it', async () => {
    await phoneField.fill(first);
    await section.getByRole('button', { name: 'Call this number to verify' }).click();
    await expect(section.getByText(/Twilio is calling \+44 20 7946 03\d\d now/)).toBeVisible();
    const asked = twilio.callerIdRequestsFor(first);
    expect(asked).toHaveLength(1);
    await expect(section.getByLabel(`Code: ${asked[0]!.validationCode.split('').join(' ')}`)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'caller-id-pending');
    await sectionShot(section, testInfo, 'caller-id-pending');
    const wrong = asked[0]!.validationCode === '000000' ? '111111' : '000000';
    expect((await twilio.typeCallerIdCode(asked[0]!, { digits: wrong })).status).toBe(204);
    await expect(
      section.getByText(/was not verified: the call was not answered, or the code was not typed/),
    ).toBeVisible();
    await expect(phoneField).toHaveValue(/\+44 20 7946 03\d\d/);
    // Nothing of the business's to remove yet: Leadbell's own number stands.
    await expect(section.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await sectionShot(section, testInfo, 'caller-id-failed');
  });

  await test.step('the right code typed: the business’s number is the caller ID, kept after a reload', async () => {
    await phoneField.fill(second);
    await section.getByRole('button', { name: 'Call this number to verify' }).click();
    await expect.poll(() => twilio.callerIdRequestsFor(second).length).toBe(1);
    const request = twilio.callerIdRequestsFor(second)[0]!;
    await expect(section.getByLabel(`Code: ${request.validationCode.split('').join(' ')}`)).toBeVisible();
    expect((await twilio.typeCallerIdCode(request, { digits: request.validationCode })).status).toBe(204);
    await expect(section.getByText('Your number, verified')).toBeVisible();
    await expect(section.getByText(/Customers see \+44 20 7946 03\d\d/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'caller-id-verified');
    await sectionShot(section, testInfo, 'caller-id-verified');
    await page.reload();
    await expect(section.getByText('Your number, verified')).toBeVisible();
  });

  await test.step('remove: customers see Leadbell’s number again', async () => {
    await section.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove your caller ID?' });
    await expect(dialog).toBeVisible();
    await screenshot(page, testInfo, 'caller-id-remove', { fullPage: false });
    await dialog.getByRole('button', { name: 'Remove caller ID' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(section.getByText('Customers see +1 500 555 0006')).toBeVisible();
    expect(twilio.verifiedCallerIds()).not.toContain(second);
  });
});
