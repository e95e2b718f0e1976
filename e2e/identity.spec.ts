import type { Page } from '@playwright/test';
import {
  createOwner,
  OWNER_PASSWORD,
  sessionStatus,
  signInBrowser,
  signInElsewhere,
  uniqueEmail,
} from './fixtures/owner-api.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const POLICY =
  'Password must contain at least 8 characters, including uppercase, lowercase, number, and special character.';
const NEW_PASSWORD = 'N3w-Passw0rd!';

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('identity', () => {
  test('sign up › each field shows its validation message', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    await page.goto('/sign-up');
    const signUp = page.getByRole('button', { name: 'Sign Up' });

    await signUp.click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText(POLICY)).toBeVisible();
    await expect(page).toHaveURL(/\/sign-up$/);

    await page.getByLabel('Name').fill('A');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await signUp.click();
    await expect(page.getByText('Name must be at least 2 characters long.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText(POLICY)).toBeVisible();

    await page.getByLabel('Name').fill('R2-D2');
    await page.getByLabel('Password').fill('alllowercase1!');
    await signUp.click();
    await expect(page.getByText('Name can only contain letters, spaces, hyphens, and apostrophes.')).toBeVisible();
    await expect(page.getByText(POLICY)).toBeVisible();

    await page.getByLabel('Name').fill('A'.repeat(51));
    await signUp.click();
    await expect(page.getByText('Name must be 50 characters or less.')).toBeVisible();

    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('sign up › an existing email says so and links to sign in', async ({ page, product }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('exists', testInfo.project.name), onboard: false });
    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Second Person');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('An account with this email exists.');
    await alert.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('verify › a wrong code is refused, then a resent code verifies and starts onboarding', async ({
    page,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const email = uniqueEmail('verify', testInfo.project.name);
    await page.goto('/sign-up');
    await page.getByLabel('Name').fill("Anne-Marie O'Neil");
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    const beforeSignUp = product.smtp.count();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(email)).toBeVisible();
    const firstCode = await product.smtp.waitForCode(email, { after: beforeSignUp });

    const wrongCode = firstCode === '123456' ? '654321' : '123456';
    await page.getByLabel('Verification Code').fill(wrongCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The code you entered is incorrect. Please check and try again.')).toBeVisible();

    const beforeResend = product.smtp.count();
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(`We sent a new code to ${email}.`)).toBeVisible();
    const newCode = await product.smtp.waitForCode(email, { after: beforeResend });

    await page.getByLabel('Verification Code').fill(newCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/onboarding\/entity$/);
    await expect(page.getByRole('heading', { name: 'Create Your Entity' })).toBeVisible();
  });

  test('verify › an expired code says so, and a new code verifies', async ({ page, product }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const email = uniqueEmail('expired', testInfo.project.name);
    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Ann Owner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    const beforeSignUp = product.smtp.count();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    const code = await product.smtp.waitForCode(email, { after: beforeSignUp });
    // Codes last 24 hours: age this one instead of waiting.
    await product.sql(`update verifications set expires_at = now() - interval '1 minute' where identifier = $1`, [
      `email-verification-otp-${email}`,
    ]);

    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('This code has expired. Send a new code and try again.')).toBeVisible();

    const beforeResend = product.smtp.count();
    await page.getByRole('button', { name: 'Resend code' }).click();
    const newCode = await product.smtp.waitForCode(email, { after: beforeResend });
    await page.getByLabel('Verification Code').fill(newCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/onboarding\/entity$/);
  });

  test('sign in › unknown email and wrong password have their own messages', async ({ page, product }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('signin', testInfo.project.name), onboard: false });
    await page.goto('/sign-in');

    await signInWith(page, uniqueEmail('nobody', testInfo.project.name), OWNER_PASSWORD);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No account found with this email. Please check and try again, or sign up.');
    await expect(alert.getByRole('link', { name: 'Create an account' })).toBeVisible();

    await signInWith(page, owner.email, 'Wrong-passw0rd!');
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password. Please try again.');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('sign in › repeated failures are throttled with a countdown', async ({ page, product }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('throttle', testInfo.project.name), onboard: false });
    await page.goto('/sign-in');
    const alert = page.getByRole('alert');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await signInWith(page, owner.email, `Wrong-passw0rd!${attempt}`);
      await expect(alert).toContainText(/Incorrect email or password|Too many attempts/);
      if (/Too many attempts/.test((await alert.textContent()) ?? '')) break;
    }
    await expect(alert).toContainText(/Too many attempts\. Try again in \d+ seconds?\./);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  test('sign in › an account locked by failures from elsewhere lets its owner in with a code from their email', async ({
    page,
    product,
  }, testInfo) => {
    const owner = await createOwner(product, { email: uniqueEmail('locked', testInfo.project.name) });
    // Someone else, on other addresses, spends the account's free tries.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const failed = await fetch(`${product.url}/v1/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          origin: product.url,
          'content-type': 'application/json',
          'x-forwarded-for': `192.0.2.${attempt + 10}`,
        },
        body: JSON.stringify({ email: owner.email, password: `Wrong-passw0rd!${attempt}` }),
      });
      expect(failed.status).toBe(401);
    }

    await page.goto('/sign-in');
    await signInWith(page, owner.email, owner.password);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      /Too many attempts\. Try again in \d+ seconds?\. Or sign in with a code we email you\./,
    );
    const before = product.smtp.count();
    await alert.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await expect(page).toHaveURL(/\/sign-in\/code$/);
    await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();
    const code = await product.smtp.waitForCode(owner.email, { after: before });

    await page.getByLabel('Sign-in Code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'The code you entered is incorrect. Please check and try again.',
    );
    await page.getByLabel('Sign-in Code').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/leads$/, { timeout: 15_000 });
  });

  test('sign in › an unverified account goes to /verify and can finish there', async ({ page, product }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, {
      email: uniqueEmail('unverified', testInfo.project.name),
      verify: false,
    });
    await page.goto('/sign-in');
    const before = product.smtp.count();
    await signInWith(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(owner.email)).toBeVisible();

    const code = await product.smtp.waitForCode(owner.email, { after: before });
    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/onboarding\/entity$/);
  });

  test('reset password › forgot, code by email, new password works and the old one does not', async ({
    page,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('reset', testInfo.project.name) });

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);

    await page.getByLabel('Email').fill(uniqueEmail('nobody', testInfo.project.name));
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'No account exists with this email. Please check and try again.',
    );

    const before = product.smtp.count();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page).toHaveURL(/\/reset-password\/verify$/);
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Email')).toHaveValue(owner.email);
    const code = await product.smtp.waitForCode(owner.email, { after: before });

    await page.getByLabel('Code').fill(code);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill('Different-0ne!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(
      page.getByText('Your password has been reset. You can now sign in with your new password.'),
    ).toBeVisible();

    await signInWith(page, owner.email, owner.password);
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password. Please try again.');

    await signInWith(page, owner.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/leads$/, { timeout: 15_000 });
  });

  test('account › change password: wrong current password, mismatch, then success ends other sessions', async ({
    page,
    product,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('change', testInfo.project.name) });
    await signInBrowser(context, product, owner);
    const otherDevice = await signInElsewhere(product, owner);
    expect(await sessionStatus(product, otherDevice)).toBe(200);

    await page.goto('/account');
    await expect(page.locator('main').getByText(owner.email, { exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Change your Password' });
    const current = form.getByLabel('Current Password');
    const next = form.getByLabel('New Password', { exact: true });
    const confirm = form.getByLabel('Confirm New Password');
    const submit = form.getByRole('button', { name: 'Change Password' });

    await current.fill('Wrong-passw0rd!');
    await next.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await expect(form.getByText('Your current password is incorrect. Please try again.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill(owner.password);
    await confirm.fill('Different-0ne!');
    await submit.click();
    await expect(form.getByText('Passwords do not match.')).toBeVisible();

    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await expect(form.getByText('Your password was successfully changed')).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');

    expect(await sessionStatus(product, otherDevice)).toBe(401);
    await page.reload();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.locator('main').getByText(owner.email, { exact: true })).toBeVisible();
  });

  test('route guard › a deep link while signed out returns there after sign in', async ({
    page,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    const owner = await createOwner(product, { email: uniqueEmail('deeplink', testInfo.project.name) });
    await page.goto('/api');
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fapi$/);
    await signInWith(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/api$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();

    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('button', { name: 'Open', pressed: true })).toBeVisible();
  });

  test('route guard › verify pages without navigation state send the visitor on', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
    await page.goto('/verify');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await page.goto('/reset-password/verify');
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible();
  });
});
