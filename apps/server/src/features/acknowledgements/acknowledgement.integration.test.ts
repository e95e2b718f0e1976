import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import type { ReceivedMail } from '../../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { untilTakenIn } from '../../../test/until.ts';

// Decision 047: the email a visitor gets when their lead arrives, through the real worker and the
// real SMTP sink.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;
type TimelineEntry = { kind: string; detail: string | null };

const ACKNOWLEDGEMENT = {
  acknowledgementEnabled: true,
  acknowledgementSubject: 'Thanks {{name}}, we got your message',
  acknowledgementBody: 'Hello {{name}},\n\nWe will call you back about {{topic}} shortly.',
  acknowledgementAfterHoursBody: 'Hello {{name}},\n\nWe are closed now and will call you when we open at 9:00.',
};

async function ownerWithAcknowledgement(settings: Partial<typeof ACKNOWLEDGEMENT> = {}) {
  const owner = await onboardedOwner(app, { plan: 'pro', entityName: 'Acme Homes' });
  const flowId = await acknowledgingFlow(owner.client, settings);
  return { owner, flowId };
}

async function acknowledgingFlow(client: HttpClient, settings: Partial<typeof ACKNOWLEDGEMENT> = {}) {
  const flowId = await createFlow(client);
  const response = await client.put(`/v1/flows/${flowId}/acknowledgement`, { ...ACKNOWLEDGEMENT, ...settings });
  expect(response.status).toBe(200);
  return flowId;
}

/** The lead's acknowledgement entries, once the worker has recorded one. */
async function acknowledgementOf(owner: Owner, leadId: string): Promise<TimelineEntry> {
  let entries: TimelineEntry[] = [];
  await expect
    .poll(
      async () => {
        const card = await owner.client.get(`/v1/leads/${leadId}`);
        entries = (card.body.timeline as TimelineEntry[]).filter((entry) => entry.kind.includes('acknowledged'));
        return entries.length;
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  return entries[0]!;
}

function mailsTo(address: string, after: number): ReceivedMail[] {
  return app.smtp.received.slice(after).filter((mail) => mail.to.includes(address.toLowerCase()));
}

function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!;
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

describe('acknowledgement › sent to the visitor', () => {
  it('arrives with the owner’s template filled, From the business’s name at MAIL_FROM, Reply-To the owner by default', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    const mailsBefore = app.smtp.count();
    const lead = await notify(app, owner.apiKey, {
      flowId,
      data: { name: 'Ann', email: 'ann.visitor@example.com', topic: 'the flat on Elm Street' },
    });
    const mail = await app.smtp.waitForMail('ann.visitor@example.com', { after: mailsBefore });
    expect(mail.to).toEqual(['ann.visitor@example.com']);
    expect(mail.subject).toBe('Thanks Ann, we got your message');
    expect(header(mail, 'From')).toBe('Acme Homes <no-reply@leadbell.local>');
    expect(header(mail, 'Reply-To')).toBe(owner.email);
    expect(mail.raw).toContain('Hello Ann,');
    expect(mail.raw).toContain('We will call you back about the flat on Elm Street shortly.');
    expect(await acknowledgementOf(owner, lead.id)).toMatchObject({
      kind: 'acknowledged',
      detail: 'ann.visitor@example.com',
    });
  });

  it('Reply-To is the business’s reply address once set', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    const saved = await owner.client.patch(`/v1/entities/${owner.entityId}`, {
      replyToEmail: 'Office@Acme-Homes.example',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.replyToEmail).toBe('office@acme-homes.example');
    const mailsBefore = app.smtp.count();
    await notify(app, owner.apiKey, { flowId, data: { name: 'Bo', email: 'bo.visitor@example.com' } });
    const mail = await app.smtp.waitForMail('bo.visitor@example.com', { after: mailsBefore });
    expect(header(mail, 'Reply-To')).toBe('office@acme-homes.example');
  });

  it('outside business hours the after-hours text goes out; without one, the usual text', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    expect((await owner.client.patch(`/v1/entities/${owner.entityId}`, { businessHours: closed })).status).toBe(200);
    const mailsBefore = app.smtp.count();
    await notify(app, owner.apiKey, { flowId, data: { name: 'Cy', email: 'cy.visitor@example.com' } });
    const mail = await app.smtp.waitForMail('cy.visitor@example.com', { after: mailsBefore });
    expect(mail.raw).toContain('We are closed now and will call you when we open at 9:00.');
    expect(mail.raw).not.toContain('We will call you back');

    const plainFlowId = await acknowledgingFlow(owner.client, { acknowledgementAfterHoursBody: '' });
    expect((await owner.client.get(`/v1/flows/${plainFlowId}`)).body.acknowledgementAfterHoursBody).toBeNull();
    await notify(app, owner.apiKey, { flowId: plainFlowId, data: { name: 'Cy', email: 'cy.other@example.com' } });
    const plain = await app.smtp.waitForMail('cy.other@example.com', { after: mailsBefore });
    expect(plain.raw).toContain('We will call you back about  shortly.');
  });

  it('goes once a day per address and flow: the second lead says why not; another flow sends its own', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    const mailsBefore = app.smtp.count();
    const first = await notify(app, owner.apiKey, { flowId, data: { name: 'Di', email: 'di.visitor@example.com' } });
    expect((await acknowledgementOf(owner, first.id)).kind).toBe('acknowledged');
    const second = await notify(app, owner.apiKey, { flowId, data: { name: 'Di', email: 'DI.Visitor@example.com' } });
    expect(await acknowledgementOf(owner, second.id)).toMatchObject({
      kind: 'not_acknowledged',
      detail: 'already_today',
    });
    expect(mailsTo('di.visitor@example.com', mailsBefore)).toHaveLength(1);

    const otherFlowId = await acknowledgingFlow(owner.client);
    const third = await notify(app, owner.apiKey, {
      flowId: otherFlowId,
      data: { name: 'Di', email: 'di.visitor@example.com' },
    });
    expect((await acknowledgementOf(owner, third.id)).kind).toBe('acknowledged');
    expect(mailsTo('di.visitor@example.com', mailsBefore)).toHaveLength(2);
  });

  it('past the installation’s ceiling on mail to visitors it waits, then goes once there is room', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    // Another business's burst spent this minute's visitor mail (VISITOR_MAILS_PER_MINUTE).
    await app.pool.query(
      `insert into allowances (key, used, window_started_at) values ('visitor-mail', 120, now())
       on conflict (key) do update set used = 120, window_started_at = now()`,
    );
    const visitor = `ceiling-${Date.now()}@example.com`;
    const mailsBefore = app.smtp.count();
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Ann', email: visitor, topic: 'a roof' } });
    await untilTakenIn(app.pool);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mailsTo(visitor, mailsBefore)).toEqual([]);

    // The next minute has room.
    await app.pool.query(`update allowances set used = 0 where key = 'visitor-mail'`);
    const mail = await app.smtp.waitForMail(visitor, { after: mailsBefore, timeoutMs: 20_000 });
    expect(mail.subject).toBe('Thanks Ann, we got your message');
    expect(await acknowledgementOf(owner, lead.id)).toMatchObject({ kind: 'acknowledged' });
    expect(mailsTo(visitor, mailsBefore)).toHaveLength(1);
  });

  it('a flow with it off, and a test lead, acknowledge nobody', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const offFlowId = await createFlow(owner.client);
    const disabledFlowId = await acknowledgingFlow(owner.client, { acknowledgementEnabled: false });
    const testFlowId = await acknowledgingFlow(owner.client);
    const mailsBefore = app.smtp.count();
    const leads = [
      await notify(app, owner.apiKey, { flowId: offFlowId, data: { name: 'Ed', email: 'ed.visitor@example.com' } }),
      await notify(app, owner.apiKey, {
        flowId: disabledFlowId,
        data: { name: 'Ed', email: 'ed.visitor@example.com' },
      }),
      await notify(app, owner.apiKey, {
        flowId: testFlowId,
        test: true,
        data: { name: 'Ed', email: 'ed.visitor@example.com' },
      }),
    ];
    // A lead after them that is acknowledged: the worker has taken the ones before.
    const later = await notify(app, owner.apiKey, { flowId: testFlowId, data: { email: 'later@example.com' } });
    await acknowledgementOf(owner, later.id);
    expect(mailsTo('ed.visitor@example.com', mailsBefore)).toEqual([]);
    const { rows } = await app.pool.query(
      `select count(*)::int as count from lead_events where notification_id = any($1) and kind like '%acknowledged'`,
      [leads.map((lead) => lead.id)],
    );
    expect(rows[0].count).toBe(0);
  });
});

describe('acknowledgement › never where it should not go', () => {
  it('a bot’s form post (honeypot filled) is spam and gets nothing', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    const mailsBefore = app.smtp.count();
    const response = await fetch(`${app.baseUrl}/v1/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://www.acme-homes.example' },
      body: new URLSearchParams({
        apiKey: owner.apiKey,
        flowId,
        name: 'Bot',
        email: 'bot.visitor@example.com',
        _gotcha: 'http://spam.example',
      }).toString(),
    });
    expect(response.status).toBe(202);
    const later = await notify(app, owner.apiKey, { flowId, data: { name: 'Fay', email: 'fay.visitor@example.com' } });
    await acknowledgementOf(owner, later.id);
    expect(mailsTo('bot.visitor@example.com', mailsBefore)).toEqual([]);
  });

  it('an address the team marked as spam gets nothing again', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    const first = await notify(app, owner.apiKey, { flowId, data: { name: 'Gus', email: 'gus.visitor@example.com' } });
    await acknowledgementOf(owner, first.id);
    expect((await owner.client.post(`/v1/leads/${first.id}/spam`)).status).toBe(200);
    const mailsBefore = app.smtp.count();
    // Another flow, so the day's limit is not what stops it.
    const otherFlowId = await acknowledgingFlow(owner.client);
    const second = await notify(app, owner.apiKey, {
      flowId: otherFlowId,
      data: { name: 'Gus', email: 'gus.visitor@example.com' },
    });
    const later = await notify(app, owner.apiKey, { flowId: otherFlowId, data: { email: 'hal.visitor@example.com' } });
    await acknowledgementOf(owner, later.id);
    expect((await owner.client.get(`/v1/leads/${second.id}`)).body.status).toBe('spam');
    expect(mailsTo('gus.visitor@example.com', mailsBefore)).toEqual([]);
  });

  it('a lead that became spam, or whose address the team marked since, before its job ran: nothing, and why', async () => {
    // Leads that arrived while it was off, then a job for each, as the take queues it.
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await acknowledgingFlow(owner.client, { acknowledgementEnabled: false });
    const spam = await notify(app, owner.apiKey, { flowId, data: { name: 'Lu', email: 'lu.visitor@example.com' } });
    const open = await notify(app, owner.apiKey, { flowId, data: { name: 'Max', email: 'max.visitor@example.com' } });
    const marked = await notify(app, owner.apiKey, {
      flowId,
      data: { name: 'Max', message: 'me again', 'E-mail': 'MAX.visitor@example.com' },
    });
    // The take scores a lead against the team's marks: taken after the marks below, "open" would be
    // spam itself, not an open lead from a blocked address.
    await untilTakenIn(app.pool);
    expect((await owner.client.post(`/v1/leads/${spam.id}/spam`)).status).toBe(200);
    expect((await owner.client.post(`/v1/leads/${marked.id}/spam`)).status).toBe(200);
    expect(
      (
        await owner.client.put(`/v1/flows/${flowId}/acknowledgement`, {
          ...ACKNOWLEDGEMENT,
          acknowledgementEnabled: true,
        })
      ).status,
    ).toBe(200);
    const mailsBefore = app.smtp.count();
    for (const lead of [spam, open])
      await app.pool.query(`insert into job_outbox (data) values ($1)`, [
        { kind: 'acknowledge', notificationId: lead.id },
      ]);
    await app.pool.query(`select pg_notify('leadbell_delivery_jobs', '')`);
    expect(await acknowledgementOf(owner, spam.id)).toMatchObject({ kind: 'not_acknowledged', detail: 'spam' });
    expect(await acknowledgementOf(owner, open.id)).toMatchObject({ kind: 'not_acknowledged', detail: 'blocked' });
    expect(mailsTo('lu.visitor@example.com', mailsBefore)).toEqual([]);
    expect(mailsTo('max.visitor@example.com', mailsBefore)).toEqual([]);
  });

  it('no address, or one that is not an address, gets nothing and the timeline says why', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement();
    const mailsBefore = app.smtp.count();
    const none = await notify(app, owner.apiKey, { flowId, data: { name: 'Ivy', phone: '+44 7911 123456' } });
    const invalid = await notify(app, owner.apiKey, {
      flowId,
      data: { name: 'Jo', email: 'jo.visitor@example.com\r\nBcc: victim@evil.example' },
    });
    expect(await acknowledgementOf(owner, none.id)).toMatchObject({ kind: 'not_acknowledged', detail: 'no_address' });
    expect(await acknowledgementOf(owner, invalid.id)).toMatchObject({
      kind: 'not_acknowledged',
      detail: 'invalid_address',
    });
    // Only the team's own lead copies went out.
    const recipients = app.smtp.received.slice(mailsBefore).flatMap((mail) => mail.to);
    expect(recipients.filter((recipient) => recipient !== owner.email)).toEqual([]);
  });

  it('the visitor’s values fill the template once: placeholders, header lines and HTML stay text', async () => {
    const { owner, flowId } = await ownerWithAcknowledgement({
      acknowledgementSubject: 'Thanks {{name}}',
      acknowledgementBody: 'Hello {{name}}, you asked about: {{topic}}',
    });
    // A business name with a line break (as an older row or a direct write could hold) cannot add a header either.
    await app.pool.query(`update entities set name = $1 where id = $2`, [
      'Acme Homes\r\nBcc: victim@evil.example',
      owner.entityId,
    ]);
    const mailsBefore = app.smtp.count();
    await notify(app, owner.apiKey, {
      flowId,
      data: {
        name: '{{topic}} Kim\r\nBcc: victim@evil.example',
        email: 'kim.visitor@example.com',
        topic: '<script>alert(1)</script> {{name}}',
        // A customer's question beside them: markup and header lines alone read as an attack to the
        // spam model (issue 46), which would quarantine the lead and send no acknowledgement at all.
        message: 'Could you come round next week to quote for a new kitchen? Thank you!',
      },
    });
    const mail = await app.smtp.waitForMail('kim.visitor@example.com', { after: mailsBefore });
    expect(mail.to).toEqual(['kim.visitor@example.com']);
    expect(app.smtp.received.slice(mailsBefore).flatMap((received) => received.to)).not.toContain(
      'victim@evil.example',
    );
    const head = mail.raw.split(/\r?\n\r?\n/)[0]!;
    expect(head).not.toMatch(/^Bcc:/im);
    expect(header(mail, 'From')).toBe('"Acme Homes Bcc: victim@evil.example" <no-reply@leadbell.local>');
    expect(mail.subject).toMatch(/^Thanks \{\{topic\}\} Kim Bcc: victim@evil\.example$/);
    expect(mail.raw).toContain('you asked about: &#60;script&#62;alert(1)&#60;/script&#62; {{name}}');
    const htmlPart = mail.raw.slice(mail.raw.indexOf('Content-Type: text/html'));
    expect(htmlPart).not.toContain('<script>');
  });
});

describe('acknowledgement › settings', () => {
  it('a new flow has it off; the flow returns what was saved', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    expect((await owner.client.get(`/v1/flows/${flowId}`)).body).toMatchObject({
      acknowledgementEnabled: false,
      acknowledgementSubject: null,
      acknowledgementBody: null,
      acknowledgementAfterHoursBody: null,
    });
    const saved = await owner.client.put(`/v1/flows/${flowId}/acknowledgement`, ACKNOWLEDGEMENT);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(ACKNOWLEDGEMENT);
  });

  it.each([
    [{ acknowledgementSubject: '' }, 'acknowledgementSubject', 'Please enter the subject of the acknowledgement.'],
    [
      { acknowledgementSubject: 'Thanks {{name' },
      'acknowledgementSubject',
      'Subject has an unclosed {{ at character 8.',
    ],
    [{ acknowledgementBody: 'Too short' }, 'acknowledgementBody', 'Text must be at least 10 characters.'],
    [
      { acknowledgementBody: 'Hello {{first/name}}, thanks!' },
      'acknowledgementBody',
      'Text has “/” at character 14, which a placeholder name cannot contain.',
    ],
    [
      { acknowledgementAfterHoursBody: 'We are closed }} now' },
      'acknowledgementAfterHoursBody',
      'After-hours text has a }} without an opening {{ at character 15.',
    ],
    [{ acknowledgementEnabled: 'yes' }, 'acknowledgementEnabled', 'Choose whether visitors get an acknowledgement.'],
  ])('%o answers 400 with the field message', async (override, field, message) => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const response = await owner.client.put(`/v1/flows/${flowId}/acknowledgement`, { ...ACKNOWLEDGEMENT, ...override });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields[field]).toEqual([message]);
  });

  it('only admins change it; another entity’s flow id answers 404', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(owner.client);
    const member = await joinedTeammate(app, owner);
    expect((await member.client.put(`/v1/flows/${flowId}/acknowledgement`, ACKNOWLEDGEMENT)).status).toBe(403);
    const stranger = await onboardedOwner(app);
    const foreign = await stranger.client.put(`/v1/flows/${flowId}/acknowledgement`, ACKNOWLEDGEMENT);
    expect(foreign.status).toBe(404);
    expect((await stranger.client.put('/v1/flows/not-an-id/acknowledgement', ACKNOWLEDGEMENT)).status).toBe(404);
    expect((await owner.client.get(`/v1/flows/${flowId}`)).body.acknowledgementEnabled).toBe(false);
  });

  it('the business’s reply address and currency: checked, normalised, cleared with null', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const path = `/v1/entities/${owner.entityId}`;
    const badEmail = await owner.client.patch(path, { replyToEmail: 'office at acme' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.details.fields.replyToEmail).toEqual(['Please enter a valid email address.']);
    const badCurrency = await owner.client.patch(path, { currency: 'XYZ' });
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.body.error.details.fields.currency).toEqual(['Choose a currency.']);
    const saved = await owner.client.patch(path, { replyToEmail: 'desk@acme.example', currency: 'eur' });
    expect(saved.body).toMatchObject({ replyToEmail: 'desk@acme.example', currency: 'EUR' });
    const cleared = await owner.client.patch(path, { replyToEmail: null, currency: null });
    expect(cleared.body).toMatchObject({ replyToEmail: null, currency: null });
    const member = await joinedTeammate(app, owner);
    expect((await member.client.patch(path, { currency: 'GBP' })).status).toBe(403);
  });
});
