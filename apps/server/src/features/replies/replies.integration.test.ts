import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadTimelineEntry } from '@leadbell/shared/leads';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import type { ReceivedMail } from '../../../test/smtp-sink.ts';
import { advanceTime, createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { takeInAcceptedLeads } from '../../../test/accepted-leads.ts';

let app: TestApp;
let clock: TestClock;
let admin: Awaited<ReturnType<typeof onboardedOwner>>;
let member: Awaited<ReturnType<typeof joinedTeammate>>;
let otherAdmin: Awaited<ReturnType<typeof onboardedOwner>>;
let flowId: string;
let visitorCount = 0;

beforeAll(async () => {
  clock = createTestClock(new Date());
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' }, undefined, { clock });
  admin = await onboardedOwner(app, { plan: 'pro', entityName: 'Acme Homes' });
  member = await joinedTeammate(app, admin, { name: 'Mo Member' });
  otherAdmin = await onboardedOwner(app, { plan: 'pro', entityName: 'Other Business' });
  flowId = await createFlow(admin.client);
});
afterAll(async () => app?.close());

/** A lead from a visitor with a fresh address (so mails to it are this test's alone). */
async function leadFrom(data: Record<string, unknown> = {}) {
  visitorCount += 1;
  const email = `visitor-${visitorCount}-${Date.now()}@example.com`;
  const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Ann', email, ...data } });
  return { id: lead.id, email };
}

function mailsTo(address: string, after: number): ReceivedMail[] {
  return app.smtp.received.slice(after).filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Mails to anyone but the team (whose lead copies arrive meanwhile). */
function outwardMails(after: number): ReceivedMail[] {
  return app.smtp.received
    .slice(after)
    .filter((mail) => !mail.to.includes(admin.email.toLowerCase()) && !mail.to.includes(member.email.toLowerCase()));
}

/** A header's value in the raw message, unfolded. */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

async function timelineOf(leadId: string): Promise<LeadTimelineEntry[]> {
  const response = await admin.client.get(`/v1/leads/${leadId}/events`);
  expect(response.status).toBe(200);
  return response.body.timeline as LeadTimelineEntry[];
}

describe('replies › from the lead card', () => {
  it('reaches the visitor from "<member> at <business>", Reply-To the member, and shows in the timeline', async () => {
    const lead = await leadFrom();
    const before = app.smtp.count();
    const response = await member.client.post(`/v1/leads/${lead.id}/replies`, {
      body: 'Hi Ann,\nThanks for asking: we can come on Tuesday.\n<b>Mo</b>',
    });
    expect(response.status).toBe(201);
    expect(response.body.reply).toMatchObject({
      kind: 'replied',
      person: { userId: member.userId, name: 'Mo Member' },
      detail: lead.email,
      text: 'Hi Ann,\nThanks for asking: we can come on Tuesday.\n<b>Mo</b>',
    });

    const [mail, ...others] = mailsTo(lead.email, before);
    expect(others).toEqual([]);
    expect(mail!.to).toEqual([lead.email]);
    // Addressed to the customer, not the owner's own notification title (issue 49).
    expect(mail!.subject).toBe('Your inquiry to Acme Homes');
    expect(headerOf(mail!.raw, 'From')).toBe('Mo Member at Acme Homes <no-reply@leadbell.local>');
    expect(headerOf(mail!.raw, 'Reply-To')).toBe(member.email);
    expect(mail!.raw).toContain('Thanks for asking: we can come on Tuesday.');
    // The HTML part shows the text as typed, never as markup.
    expect(mail!.raw).toContain('&#60;b&#62;Mo&#60;/b&#62;');
    expect(mail!.raw).not.toContain('<b>Mo</b></div>');

    const replied = (await timelineOf(lead.id)).filter((entry) => entry.kind === 'replied');
    expect(replied).toEqual([
      expect.objectContaining({
        person: { userId: member.userId, name: 'Mo Member' },
        detail: lead.email,
        text: 'Hi Ann,\nThanks for asking: we can come on Tuesday.\n<b>Mo</b>',
      }),
    ]);
  });

  it('starts from the flow’s own reply subject, filled from the lead, shown on the card as it will be sent', async () => {
    const otherFlow = await createFlow(admin.client, { name: 'Quotes' });
    const saved = await admin.client.put(`/v1/flows/${otherFlow}/acknowledgement`, {
      acknowledgementEnabled: false,
      acknowledgementSubject: 'Thanks, {{name}}',
      acknowledgementBody: 'We got your message and will be in touch.',
      replySubject: 'Your {{service}} quote, {{name}}',
    });
    expect(saved).toMatchObject({ status: 200, body: { replySubject: 'Your {{service}} quote, {{name}}' } });
    visitorCount += 1;
    const email = `visitor-${visitorCount}-${Date.now()}@example.com`;
    const lead = await notify(app, admin.apiKey, {
      flowId: otherFlow,
      data: { name: 'Ann', email, service: 'boiler' },
    });
    expect((await member.client.get(`/v1/leads/${lead.id}`)).body.replySubject).toBe('Your boiler quote, Ann');

    const before = app.smtp.count();
    expect((await member.client.post(`/v1/leads/${lead.id}/replies`, { body: 'Here it is.' })).status).toBe(201);
    expect(mailsTo(email, before)[0]!.subject).toBe('Your boiler quote, Ann');

    // Emptied, the default comes back; a broken placeholder is refused on its field.
    const broken = await admin.client.put(`/v1/flows/${otherFlow}/acknowledgement`, {
      acknowledgementEnabled: false,
      acknowledgementSubject: 'Thanks, {{name}}',
      acknowledgementBody: 'We got your message and will be in touch.',
      replySubject: 'Your {{service quote',
    });
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body.error.details.fields)).toEqual(['replySubject']);
    await admin.client.put(`/v1/flows/${otherFlow}/acknowledgement`, {
      acknowledgementEnabled: false,
      acknowledgementSubject: 'Thanks, {{name}}',
      acknowledgementBody: 'We got your message and will be in touch.',
      replySubject: '',
    });
    expect((await member.client.get(`/v1/leads/${lead.id}`)).body.replySubject).toBe('Your inquiry to Acme Homes');
  });

  it('takes the subject given, on one line', async () => {
    const lead = await leadFrom();
    const before = app.smtp.count();
    const response = await member.client.post(`/v1/leads/${lead.id}/replies`, {
      subject: '  Your kitchen quote  ',
      body: 'Here it is.',
    });
    expect(response.status).toBe(201);
    const [mail] = mailsTo(lead.email, before);
    expect(mail!.subject).toBe('Your kitchen quote');
  });

  it('is the first response on an open lead: it claims it for the replier, and insights count the time', async () => {
    const claimedByMember = async () => {
      const insights = await member.client.get('/v1/insights?days=7');
      expect(insights.status).toBe(200);
      return (
        (insights.body.members as Array<{ userId: string; claimed: number }>).find(
          (row) => row.userId === member.userId,
        )?.claimed ?? 0
      );
    };
    const claimedBefore = await claimedByMember();
    const lead = await leadFrom();
    await advanceTime(app, clock, 2 * 60_000);
    const response = await member.client.post(`/v1/leads/${lead.id}/replies`, { body: 'On my way.' });
    expect(response.status).toBe(201);
    expect(response.body.lead).toMatchObject({ status: 'claimed', claimedBy: { userId: member.userId } });

    const { rows } = await app.pool.query(
      `select first_claimed_by, extract(epoch from first_claimed_at - response_started_at)::int as seconds
         from notifications where id = $1`,
      [lead.id],
    );
    expect(rows[0]).toEqual({ first_claimed_by: member.userId, seconds: 120 });
    const people = (await timelineOf(lead.id))
      .filter((entry) => entry.kind === 'claimed' || entry.kind === 'replied')
      .map((entry) => [entry.kind, entry.person?.userId]);
    expect(people).toEqual([
      ['claimed', member.userId],
      ['replied', member.userId],
    ]);
    // Insights count the reply as the member's first response.
    await expect.poll(claimedByMember).toBe(claimedBefore + 1);
  });

  it('answers a lead someone else holds without taking it from them', async () => {
    const lead = await leadFrom();
    expect((await admin.client.post(`/v1/leads/${lead.id}/claim`)).status).toBe(200);
    const before = app.smtp.count();
    const response = await member.client.post(`/v1/leads/${lead.id}/replies`, { body: 'Ann, my colleague calls you.' });
    expect(response.status).toBe(201);
    expect(response.body.lead).toMatchObject({ status: 'claimed', claimedBy: { name: 'Ann Owner' } });
    expect(mailsTo(lead.email, before)).toHaveLength(1);
    const { rows } = await app.pool.query('select claimed_by, first_claimed_by from notifications where id = $1', [
      lead.id,
    ]);
    expect(rows[0].claimed_by).not.toBe(member.userId);
    expect(rows[0].first_claimed_by).not.toBe(member.userId);
  });

  it('a lead without a valid email address answers 422, and nothing is sent or recorded', async () => {
    const noAddress = await notify(app, admin.apiKey, {
      flowId,
      data: {
        name: 'Ann',
        email: 'ann.at.home',
        // A customer's question: a mistyped address alone with a name reads as a bot's to the
        // content model (issue 46), and a spam lead answers 409 before its address is looked at.
        message: 'Do you still have a table for four on Friday evening?',
      },
    });
    const before = app.smtp.count();
    const response = await member.client.post(`/v1/leads/${noAddress.id}/replies`, { body: 'Hello' });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('lead_unreachable');
    expect(response.body.error.message).toBe('This lead left no valid email address to reply to.');
    // The team's own copies of the lead may arrive meanwhile; nothing may go anywhere else.
    expect(outwardMails(before)).toEqual([]);
    expect((await timelineOf(noAddress.id)).some((entry) => entry.kind === 'replied')).toBe(false);
  });

  it('line breaks in the member’s name, the business’s name or the subject cannot add a header', async () => {
    const lead = await leadFrom();
    await app.pool.query('update users set name = $1 where id = $2', ['Mo\r\nBcc: evil@example.net', member.userId]);
    await app.pool.query('update entities set name = $1 where id = $2', [
      'Acme\r\nBcc: evil2@example.net',
      admin.entityId,
    ]);
    try {
      const before = app.smtp.count();
      const response = await member.client.post(`/v1/leads/${lead.id}/replies`, {
        subject: 'Hello\r\nBcc: evil3@example.net\r\nX-Injected: yes',
        body: 'Hi',
      });
      expect(response.status).toBe(201);
      const mails = outwardMails(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([lead.email]);
      const head = mails[0]!.raw.split(/\r?\n\r?\n/)[0]!;
      expect(head).not.toMatch(/^Bcc:/im);
      expect(head).not.toMatch(/^X-Injected:/im);
      expect(headerOf(mails[0]!.raw, 'From')).toBe(
        '"Mo Bcc: evil@example.net at Acme Bcc: evil2@example.net" <no-reply@leadbell.local>',
      );
      expect(mails[0]!.subject).toBe('HelloBcc: evil3@example.netX-Injected: yes');
    } finally {
      await app.pool.query('update users set name = $1 where id = $2', ['Mo Member', member.userId]);
      await app.pool.query('update entities set name = $1 where id = $2', ['Acme Homes', admin.entityId]);
    }
  });

  it('has no recipient field: an address in the request reaches nobody', async () => {
    const lead = await leadFrom();
    const before = app.smtp.count();
    const response = await member.client.post(`/v1/leads/${lead.id}/replies`, {
      body: 'Hi',
      to: 'someone-else@example.net',
    });
    expect(response.status).toBe(201);
    expect(outwardMails(before).map((mail) => mail.to)).toEqual([[lead.email]]);
  });

  it('refuses an empty or too long reply with a message on the field', async () => {
    const lead = await leadFrom();
    const empty = await member.client.post(`/v1/leads/${lead.id}/replies`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields.body).toEqual(['Please write your reply.']);
    const long = await member.client.post(`/v1/leads/${lead.id}/replies`, { body: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.details.fields.body).toEqual(['Reply must be 10,000 characters or less.']);
    const subject = await member.client.post(`/v1/leads/${lead.id}/replies`, { body: 'x', subject: 's'.repeat(201) });
    expect(subject.status).toBe(400);
    expect(subject.body.error.details.fields.subject).toEqual(['Subject must be 200 characters or less.']);
  });

  it('another entity’s lead, an unknown id and a deleted lead answer 404; a spam lead 409', async () => {
    const lead = await leadFrom();
    for (const path of [`/v1/leads/${lead.id}/replies`, '/v1/leads/not-a-uuid/replies'])
      expect((await otherAdmin.client.post(path, { body: 'Hi' })).status).toBe(404);
    const spam = await leadFrom();
    expect((await admin.client.post(`/v1/leads/${spam.id}/spam`)).status).toBe(200);
    const spamReply = await member.client.post(`/v1/leads/${spam.id}/replies`, { body: 'Hi' });
    expect(spamReply.status).toBe(409);
    expect(spamReply.body.error.code).toBe('lead_is_spam');
    const deleted = await leadFrom();
    expect((await admin.client.post(`/v1/leads/${deleted.id}/delete`)).status).toBe(200);
    expect((await member.client.post(`/v1/leads/${deleted.id}/replies`, { body: 'Hi' })).status).toBe(404);
    expect(mailsTo(spam.email, 0)).toEqual([]);
    expect(mailsTo(deleted.email, 0)).toEqual([]);
  });
});

describe('replies › only to real visitors', () => {
  it('a test lead carrying any address answers 409 `lead_is_test`, and nothing is mailed', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter', entityName: 'Relay Attempt' });
    const relayFlow = await createFlow(owner.client);
    const victim = `victim-${Date.now()}@example.net`;
    const test = await notify(app, owner.apiKey, {
      flowId: relayFlow,
      test: true,
      data: { name: 'Ann', email: victim },
    });
    const before = app.smtp.count();
    const response = await owner.client.post(`/v1/leads/${test.id}/replies`, { body: 'Buy cheap watches' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('lead_is_test');
    expect(response.body.error.message).toBe('This is a test lead: replies go only to real visitors.');
    expect(mailsTo(victim, before)).toEqual([]);
    expect((await owner.client.get(`/v1/leads/${test.id}/events`)).body.timeline).not.toContainEqual(
      expect.objectContaining({ kind: 'replied' }),
    );
  });

  it('a held lead (past Starter’s month) answers 409 `lead_is_held`, and nothing is mailed', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter', entityName: 'Full Month' });
    const heldFlow = await createFlow(owner.client);
    const { periodStart } = (await owner.client.get('/v1/usage')).body as { periodStart: string };
    await app.pool.query('insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 20)', [
      owner.entityId,
      periodStart,
    ]);
    const visitor = `held-${Date.now()}@example.com`;
    // A form's lead past the month's 20 is held (decision 041), not refused.
    const posted = await fetch(`${app.baseUrl}/v1/notify`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://www.full-month.example' },
      body: new URLSearchParams({ _apiKey: owner.apiKey, _flowId: heldFlow, name: 'Ann', email: visitor }).toString(),
    });
    expect(posted.status).toBeLessThan(400);
    await takeInAcceptedLeads(app.pool);
    const { rows } = await app.pool.query('select id, is_held from notifications where entity_id = $1', [
      owner.entityId,
    ]);
    expect(rows).toEqual([{ id: expect.any(String), is_held: true }]);
    const accepted = { id: rows[0].id as string };
    const before = app.smtp.count();
    const response = await owner.client.post(`/v1/leads/${accepted.id}/replies`, { body: 'Hello' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('lead_is_held');
    expect(mailsTo(visitor, before)).toEqual([]);
  });
});

describe('replies › allowances, taken before the mail goes', () => {
  /** `count` leads from fresh visitors of the owner's flow, or all from one visitor. */
  async function leadsOf(owner: { apiKey: string; client: typeof admin.client }, count: number, visitor?: string) {
    const ownFlow = await createFlow(owner.client);
    const leads = [];
    for (let index = 0; index < count; index += 1) {
      visitorCount += 1;
      const email = visitor ?? `visitor-${visitorCount}-${Date.now()}@example.com`;
      leads.push({ ...(await notify(app, owner.apiKey, { flowId: ownFlow, data: { name: 'Ann', email } })), email });
    }
    return leads;
  }

  /** The business out of its first day (set in the database: a test cannot wait a day). */
  async function olderThanADay(entityId: string) {
    await app.pool.query(`update entities set created_at = now() - interval '2 days' where id = $1`, [entityId]);
  }

  it('70 parallel replies to one visitor: 3 are mailed, the rest answer 429 with Retry-After', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro', entityName: 'Parallel One' });
    await olderThanADay(owner.entityId);
    const visitor = `one-visitor-${Date.now()}@example.com`;
    const [lead] = await leadsOf(owner, 1, visitor);
    const before = app.smtp.count();
    const answers = await Promise.all(
      Array.from({ length: 70 }, () => owner.client.post(`/v1/leads/${lead!.id}/replies`, { body: 'Hello again' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(67);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toBe('This visitor got 3 replies in the last hour. Try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect.poll(() => mailsTo(visitor, before).length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(visitor, before)).toHaveLength(3);
  });

  it('70 parallel replies by one member to 70 visitors: 60 are mailed, 10 answer 429', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro', entityName: 'Parallel Many' });
    await olderThanADay(owner.entityId);
    const leads = await leadsOf(owner, 70);
    const before = app.smtp.count();
    const answers = await Promise.all(
      leads.map((lead) => owner.client.post(`/v1/leads/${lead.id}/replies`, { body: 'Thanks for asking' })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(60);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body.error.message).toBe('At most 60 replies a member an hour. Try again later.');
    const visitors = new Set(leads.map((lead) => lead.email));
    await expect
      .poll(() => app.smtp.received.slice(before).filter((mail) => mail.to.some((to) => visitors.has(to))).length)
      .toBe(60);
  });

  it('a business on the free plan, or in its first day, sends at most 20 replies an hour', async () => {
    for (const [plan, isNew] of [
      ['starter', false],
      ['pro', true],
    ] as const) {
      const owner = await onboardedOwner(app, { plan, entityName: `Allowance ${plan}` });
      if (!isNew) await olderThanADay(owner.entityId);
      // 25 replies over 10 visitors: none gets more than 3, so only the business's allowance binds.
      const leads = await leadsOf(owner, 10);
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          owner.client.post(`/v1/leads/${leads[index % leads.length]!.id}/replies`, { body: 'Thanks' }),
        ),
      );
      expect(
        answers.filter((answer) => answer.status === 201),
        plan,
      ).toHaveLength(20);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(refused.body.error.message).toBe(
        'A business on the free plan or in its first day sends at most 20 replies an hour. Try again later.',
      );
    }
  });

  it('a refused mail gives its allowance back', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro', entityName: 'Give Back' });
    const visitor = `give-back-${Date.now()}@example.com`;
    const [lead] = await leadsOf(owner, 1, visitor);
    app.smtp.refuseNext(visitor);
    expect((await owner.client.post(`/v1/leads/${lead!.id}/replies`, { body: 'First' })).status).toBe(502);
    for (let reply = 0; reply < 3; reply += 1)
      expect((await owner.client.post(`/v1/leads/${lead!.id}/replies`, { body: 'Again' })).status).toBe(201);
  });
});

describe('replies › the installation’s mail ceiling', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ VISITOR_MAILS_PER_MINUTE: '2' });
  });
  afterAll(async () => small?.close());

  it('past VISITOR_MAILS_PER_MINUTE a reply answers 429, whichever business sends it', async () => {
    const owners = [await onboardedOwner(small, { plan: 'pro' }), await onboardedOwner(small, { plan: 'pro' })];
    const leads = [];
    for (const [index, owner] of [owners[0]!, owners[0]!, owners[1]!].entries()) {
      const ownFlow = await createFlow(owner.client);
      const email = `ceiling-${index}-${Date.now()}@example.com`;
      leads.push({
        owner,
        email,
        ...(await notify(small, owner.apiKey, { flowId: ownFlow, data: { name: 'Ann', email } })),
      });
    }
    const answers = await Promise.all(
      leads.map(({ owner, id }) => owner.client.post(`/v1/leads/${id}/replies`, { body: 'Hello' })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error.message).toBe('Leadbell is sending a lot of mail right now. Try again in a minute.');
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});

describe('replies › attempts', () => {
  it('Call records `called` and Text or WhatsApp `messaged`, with the lead’s number', async () => {
    const lead = await leadFrom({ phone: '+44 7911 123456' });
    const called = await member.client.post(`/v1/leads/${lead.id}/attempts`, { channel: 'call' });
    expect(called.status).toBe(201);
    expect(called.body.attempt).toMatchObject({ kind: 'called', detail: '+447911123456', channel: 'call' });
    expect((await admin.client.post(`/v1/leads/${lead.id}/attempts`, { channel: 'whatsapp' })).status).toBe(201);
    expect((await member.client.post(`/v1/leads/${lead.id}/attempts`, { channel: 'sms' })).status).toBe(201);

    const attempts = (await timelineOf(lead.id)).filter(
      (entry) => entry.kind === 'called' || entry.kind === 'messaged',
    );
    expect(attempts.map(({ kind, person, detail, channel }) => ({ kind, who: person?.name, detail, channel }))).toEqual(
      [
        { kind: 'called', who: 'Mo Member', detail: '+447911123456', channel: 'call' },
        { kind: 'messaged', who: 'Ann Owner', detail: '+447911123456', channel: 'whatsapp' },
        { kind: 'messaged', who: 'Mo Member', detail: '+447911123456', channel: 'sms' },
      ],
    );
    const { rows } = await app.pool.query(
      `select kind, detail from lead_events where notification_id = $1 and kind in ('called', 'messaged') order by id`,
      [lead.id],
    );
    expect(rows[0]).toEqual({ kind: 'called', detail: { channel: 'call', to: '+447911123456' } });
    // An attempt is not a response: the lead is still open.
    expect((await admin.client.get(`/v1/leads/${lead.id}`)).body.status).toBe('open');
  });

  it('`to` picks one of the lead’s numbers; any other number, or none, answers 422', async () => {
    const lead = await leadFrom({ phone: '+44 7911 123456', mobile: '+44 7700 900123' });
    const second = await member.client.post(`/v1/leads/${lead.id}/attempts`, { channel: 'call', to: '+447700900123' });
    expect(second.status).toBe(201);
    expect(second.body.attempt.detail).toBe('+447700900123');
    const stranger = await member.client.post(`/v1/leads/${lead.id}/attempts`, { channel: 'call', to: '+15550100' });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.details.fields.to).toEqual(['Not one of this lead’s numbers.']);
    const noPhone = await leadFrom();
    const none = await member.client.post(`/v1/leads/${noPhone.id}/attempts`, { channel: 'whatsapp' });
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('lead_unreachable');
  });

  it('a bad channel answers 400 on the field; another entity’s lead 404', async () => {
    const lead = await leadFrom({ phone: '+44 7911 123456' });
    const bad = await member.client.post(`/v1/leads/${lead.id}/attempts`, { channel: 'pigeon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.channel).toEqual(['Channel must be call, sms or whatsapp.']);
    expect((await otherAdmin.client.post(`/v1/leads/${lead.id}/attempts`, { channel: 'call' })).status).toBe(404);
  });
});

describe('replies › canned replies', () => {
  it('admins write them, members read them, with the placeholder syntax checked', async () => {
    const created = await admin.client.post('/v1/canned-replies', {
      title: 'Thanks, we call back',
      body: 'Hi {{name}},\nthanks for your message. We call you today.',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Thanks, we call back' });
    const id = created.body.id as string;

    const list = await member.client.get('/v1/canned-replies');
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { id: string }) => row.id)).toContain(id);

    expect((await member.client.post('/v1/canned-replies', { title: 'x', body: 'y' })).status).toBe(403);
    expect((await member.client.patch(`/v1/canned-replies/${id}`, { title: 'x' })).status).toBe(403);
    expect((await member.client.delete(`/v1/canned-replies/${id}`)).status).toBe(403);

    const broken = await admin.client.post('/v1/canned-replies', { title: 'Broken', body: 'Hi {{name' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.details.fields.body).toEqual(['Reply has an unclosed {{ at character 4.']);
    const empty = await admin.client.post('/v1/canned-replies', { title: '', body: 'Hi' });
    expect(empty.body.error.details.fields.title).toEqual(['Please enter a title.']);
    const long = await admin.client.post('/v1/canned-replies', { title: 't'.repeat(81), body: 'b'.repeat(5001) });
    expect(long.body.error.details.fields).toEqual({
      title: ['Title must be 80 characters or less.'],
      body: ['Reply must be 5,000 characters or less.'],
    });

    const renamed = await admin.client.patch(`/v1/canned-replies/${id}`, { title: 'We call back today' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'We call back today', body: created.body.body });
    expect((await admin.client.patch(`/v1/canned-replies/${id}`, {})).status).toBe(400);

    expect((await admin.client.delete(`/v1/canned-replies/${id}`)).status).toBe(204);
    expect(
      (await member.client.get('/v1/canned-replies')).body.data.map((row: { id: string }) => row.id),
    ).not.toContain(id);
  });

  it('another entity’s canned reply answers 404 and is not listed', async () => {
    const created = await admin.client.post('/v1/canned-replies', { title: 'Ours', body: 'Hello {{name}}' });
    const id = created.body.id as string;
    expect((await otherAdmin.client.get('/v1/canned-replies')).body.data).toEqual([]);
    expect((await otherAdmin.client.patch(`/v1/canned-replies/${id}`, { title: 'Theirs' })).status).toBe(404);
    expect((await otherAdmin.client.delete(`/v1/canned-replies/${id}`)).status).toBe(404);
    expect((await otherAdmin.client.patch('/v1/canned-replies/nope', { title: 'Theirs' })).status).toBe(404);
    expect((await admin.client.get('/v1/canned-replies')).body.data).toContainEqual(
      expect.objectContaining({ id, title: 'Ours' }),
    );
  });
});

// Last: it stops the SMTP sink.
describe('replies › when the mail server is down', () => {
  it('answers 502 `mail_failed` and records nothing', async () => {
    const lead = await leadFrom();
    await app.smtp.close();
    const response = await member.client.post(`/v1/leads/${lead.id}/replies`, { body: 'Hello' });
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('mail_failed');
    const kinds = (await timelineOf(lead.id)).map((entry) => entry.kind);
    expect(kinds).not.toContain('replied');
    expect(kinds).not.toContain('claimed');
  });
});
