import { createFlow, createOwner, notify, ownerGet, signInBrowser, uniqueEmail } from './fixtures/owner-api.ts';
import { addTeammate } from './fixtures/team-api.ts';
import { expectNoHorizontalOverflow } from './fixtures/layout.ts';
import { screenshot, sectionShot } from './fixtures/screenshot.ts';
import { expect } from './fixtures/test.ts';
import { test } from './fixtures/twilio.ts';

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
    const texts = section.getByRole('group', { name: 'Text me' });
    await expect(texts.getByRole('radio', { name: /Off/ })).toBeChecked();
    await texts.getByRole('radio', { name: /Escalations only/ }).check();
    await expect(texts.getByText('Saved: escalations only.')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'sms-verified');
    await sectionShot(section, testInfo, 'sms-verified');
    await page.reload();
    await expect(texts.getByRole('radio', { name: /Escalations only/ })).toBeChecked();
  });

  await test.step('calls for every lead (issue 50), kept after a reload', async () => {
    const calls = section.getByRole('group', { name: 'Call me' });
    await expect(calls.getByRole('radio', { name: /Off/ })).toBeChecked();
    await calls.getByRole('radio', { name: /Every lead/ }).check();
    await expect(calls.getByText('Saved: every lead.')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await sectionShot(section, testInfo, 'voice-chosen');
    await page.reload();
    await expect(calls.getByRole('radio', { name: /Every lead/ })).toBeChecked();
  });

  await test.step('a lead rings the phone; 1 takes it and dials the customer; the call is in its timeline', async () => {
    const flowId = await createFlow(product, owner, {
      name: 'Contact form',
      title: 'New lead: {{name}}',
      message: '{{name}} wrote: {{question}}',
    });
    const lead = { flowId, data: { name: 'Flo', question: 'a leaking boiler', phone: '+447700900123' } };
    expect(await notify(product, owner.apiKey, lead)).toBe(202);
    await expect.poll(() => twilio.callsTo(mobile).length).toBe(1);
    const played = await twilio.play(twilio.callsTo(mobile)[0]!, { digits: '1', durationSeconds: 42 });
    expect(played.twiml).toContain('New lead: Flo');
    expect(played.gather?.twiml).toContain('<Number>+447700900123</Number>');
    const leads = await ownerGet<{ data: Array<{ id: string }> }>(product, owner, '/v1/leads?filter=all');
    await page.goto(`/leads/${leads.data[0]!.id}`);
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect(activity).toContainText('Phoned you: completed, 42 s, pressed 1');
    await expect(activity).toContainText('You are on it');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, 'voice-call-in-timeline');
  });
});
