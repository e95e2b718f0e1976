import type { Page } from '@playwright/test';
import {
  acceptInvitation,
  createFlow,
  createOwner,
  inviteTeammate,
  notify,
  OWNER_PASSWORD,
  signInBrowser,
  uniqueEmail,
} from './fixtures/owner-api.ts';
import { expect, test } from './fixtures/test.ts';
import { DESKTOP_ONLY } from './fixtures/widths.ts';

const CONTACT_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} asked: {{question}}' };
// Chromium reports every non-2xx fetch; a 401 or 403 here is the product answering as designed.
const EXPECTED_BROWSER_NOISE = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** The member's page gets the same rule as the fixture's: an unexpected browser error fails the test. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_BROWSER_NOISE.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('team › an admin invites by email; the member signs up from the link, gets live leads, is kept out of admin pages, and is signed out when removed', async ({
  page,
  product,
  context,
  browser,
  viewport,
  userAgent,
  isMobile,
  hasTouch,
  deviceScaleFactor,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const admin = await createOwner(product, {
    email: uniqueEmail('team-admin', project),
    name: 'Ann Admin',
    entityName: 'Acme Homes',
    plan: 'pro',
  });
  const flowId = await createFlow(product, admin, CONTACT_FLOW);
  await signInBrowser(context, product, admin);
  const memberEmail = uniqueEmail('team-member', project);

  let link = '';
  await test.step('the admin invites a member from the Team page; the seat counts at once', async () => {
    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await expect(page.getByText('1 of 3 seats used')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Members' })).toContainText('Ann Admin');
    await page.getByRole('button', { name: 'Invite teammate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
    await dialog.getByLabel('Email').fill(memberEmail);
    await expect(dialog.getByRole('radio', { name: /^Member/ })).toBeChecked();
    const mailsBefore = product.smtp.count();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(memberEmail);
    await expect(page.getByText('2 of 3 seats used')).toBeVisible();

    const mail = await product.smtp.waitForMail(memberEmail, { after: mailsBefore });
    expect(mail.subject).toBe('Ann Admin invited you to Acme Homes on Leadbell');
    // Quoted-printable soft line breaks may split the link in the raw message.
    link = /(https?:\/\/\S+\/invite\/lbi_[\w-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''))![1]!;
  });

  // The member's own browser: another context, its own cookies and address.
  const memberContext = await browser.newContext({
    baseURL: product.url,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.254' },
  });
  const member = await memberContext.newPage();
  const memberErrors = collectErrors(member);
  try {
    await test.step('the member opens the emailed link: who invites them, the invited email locked', async () => {
      await member.goto(link);
      await expect(member.getByRole('heading', { name: 'Join Acme Homes' })).toBeVisible();
      await expect(member.getByText(/Ann Admin invited you to join Acme Homes on Leadbell as a Member/)).toBeVisible();
      const email = member.getByLabel('Email');
      await expect(email).toHaveValue(memberEmail);
      await expect(email).toHaveAttribute('readonly', '');
    });

    await test.step('signs up and lands in the console at once: the link verified the email, no code, no onboarding', async () => {
      await member.getByLabel('Name').fill('Mo Member');
      await member.getByLabel('Password').fill(OWNER_PASSWORD);
      const mailsBefore = product.smtp.count();
      await member.getByRole('button', { name: 'Sign Up' }).click();
      await expect(member).toHaveURL(/\/leads$/);
      await expect(member.getByText('Welcome to Acme Homes!')).toBeVisible();
      await expect(member.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
      await expect(member.getByLabel('Verification Code')).toHaveCount(0);
      expect(product.smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(memberEmail))).toEqual([]);
      // A member is never asked to do what only an admin may.
      await expect(member.getByRole('link', { name: 'Connect your website' })).toHaveCount(0);
      await member.goto('/flows');
      await expect(member.getByRole('link', { name: 'Notifications of Contact form' })).toBeVisible();
      // Admin-only actions are not offered to a member.
      await expect(member.getByRole('link', { name: 'Add New' })).toHaveCount(0);
      await expect(member.getByRole('link', { name: 'Edit Contact form' })).toHaveCount(0);
      await expect(member.getByRole('button', { name: 'Delete Contact form' })).toHaveCount(0);
    });

    await test.step('the member sees a notification arrive live', async () => {
      await member.getByRole('link', { name: 'Notifications of Contact form' }).click();
      await expect(member.getByText('Live', { exact: true })).toBeVisible();
      expect(await notify(product, admin.apiKey, { flowId, data: { name: 'Bea', question: 'Saturday?' } })).toBe(202);
      await expect(member.getByText('New lead: Bea')).toBeVisible({ timeout: 5_000 });
    });

    await test.step('the admin sees the member joined, and the delivery detail per member', async () => {
      await page.goto('/team');
      await expect(page.getByRole('table', { name: 'Members' })).toContainText('Mo Member');
      await expect(page.getByText('No open invitations.')).toBeVisible();
      await page.goto(`/flows/${flowId}`);
      await page.getByRole('button', { name: 'Details of New lead: Bea' }).click();
      const details = page.getByRole('dialog', { name: 'New lead: Bea' });
      await expect(details.getByRole('list', { name: 'Deliveries to Mo Member' })).toBeVisible();
      await expect(details).toContainText(/Mo Member: (email|sending|not delivered)/);
      await page.keyboard.press('Escape');
    });

    await test.step('the member is sent to /unauthorized from /api and /team, which names the admin', async () => {
      for (const path of ['/api', '/team']) {
        await member.goto(path);
        await expect(member).toHaveURL(/\/unauthorized$/);
        await expect(member.getByRole('heading', { name: 'Only admins can open this page' })).toBeVisible();
        await expect(member.getByText(/Ask Ann Admin if something there needs to change/)).toBeVisible();
      }
    });

    await test.step('the admin removes the member; the member’s next action signs them out', async () => {
      await page.goto('/team');
      await page.getByRole('button', { name: 'Remove Mo Member' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove Mo Member?' });
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText('Mo Member was removed from the team.')).toBeVisible();
      await expect(page.getByText('1 of 3 seats used')).toBeVisible();

      await member.getByRole('link', { name: 'Your account' }).click();
      await expect(member).toHaveURL(/\/sign-in/);
      await expect(member.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    });
  } finally {
    await memberContext.close();
  }
  expect(memberErrors, 'unexpected console errors in the member’s browser').toEqual([]);
});

test('team › a full plan’s dialog points to the plan choice; a member leaves from Account; an expired link says so', async ({
  page,
  product,
  context,
  browser,
  viewport,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', DESKTOP_ONLY);
  const project = testInfo.project.name;
  const admin = await createOwner(product, {
    email: uniqueEmail('seats-admin', project),
    name: 'Ann Admin',
    entityName: 'Acme Homes',
    plan: 'pro',
  });
  const memberEmail = uniqueEmail('seats-member', project);
  const member = await createOwner(product, { email: memberEmail, name: 'Mo Member', onboard: false });
  await acceptInvitation(product, member, await inviteTeammate(product, admin, memberEmail));
  const expiring = await inviteTeammate(product, admin, uniqueEmail('seats-late', project));
  await signInBrowser(context, product, admin);

  await test.step('every seat taken: the dialog explains and leads to the plan choice', async () => {
    await page.goto('/team');
    await expect(page.getByText('3 of 3 seats used')).toBeVisible();
    await page.getByRole('button', { name: 'Invite teammate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
    await expect(dialog).toContainText('Your Pro plan includes 3 users. Upgrade to Elite to invite more.');
    await expect(dialog.getByLabel('Email')).toHaveCount(0);
    await dialog.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/account#plan$/);
  });

  await test.step('an expired link gets its own page', async () => {
    await product.sql(
      `update entity_invitations set expires_at = now() - interval '1 minute' where accepted_at is null`,
    );
    const visitorContext = await browser.newContext({ baseURL: product.url, viewport });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/invite/${expiring}`);
    await expect(visitor.getByRole('heading', { name: 'This invitation has expired' })).toBeVisible();
    await expect(visitor.getByText(/Ask Ann Admin at Acme Homes to send you a new one/)).toBeVisible();
    await visitorContext.close();
  });

  await test.step('the member leaves from the Account page and is signed out; the seat is free', async () => {
    const memberContext = await browser.newContext({ baseURL: product.url, viewport });
    await signInBrowser(memberContext, product, member);
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/account');
    await expect(memberPage.getByText('You are a member of Acme Homes.')).toBeVisible();
    await memberPage.getByRole('button', { name: 'Leave team' }).click();
    await memberPage
      .getByRole('alertdialog', { name: 'Leave Acme Homes?' })
      .getByRole('button', { name: 'Leave team' })
      .click();
    await expect(memberPage).toHaveURL(/\/sign-in$/);
    await memberContext.close();

    await page.goto('/team');
    await expect(page.getByRole('table', { name: 'Members' })).not.toContainText('Mo Member');
    // The expired invitation no longer counts: only Ann's seat is used.
    await expect(page.getByText('1 of 3 seats used')).toBeVisible();
  });
});
