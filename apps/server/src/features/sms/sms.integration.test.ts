import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf } from '@leadbell/shared/billing';
import {
  FAKE_TWILIO_FROM,
  FAKE_TWILIO_SID,
  FAKE_TWILIO_TOKEN,
  fakeTwilioEnv,
  mobileNumbers,
  type FakeTwilio,
  type TwilioMessagePost,
} from '../../../test/fake-twilio.ts';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { advanceTime, type TestClock } from '../../../test/test-clock.ts';
import { startTwilioTestApp, type TwilioTestApp } from '../../../test/twilio-test-app.ts';
import { until } from '../../../test/until.ts';

let app: TestApp;
let clock: TestClock;
let twilio: FakeTwilio;
let close: TwilioTestApp['close'] | undefined;

beforeAll(async () => {
  ({ app, twilio, clock, close } = await startTwilioTestApp({ SCHEDULER_INTERVAL_SECONDS: '1' }));
});
afterAll(async () => {
  await close?.();
});

const mobile = mobileNumbers(23_400);
/** A text's own status callback URL: its row's id (sms_messages.id). */
const ownStatusUrl = () => new RegExp(`^${app.baseUrl}/v1/twilio/messages/[0-9a-f-]{36}/status$`);

/** Twilio's signature, computed here on its own (twilio.com/docs/usage/security), not by the server's code. */
function signed(url: string, fields: Record<string, string>) {
  let text = url;
  for (const name of Object.keys(fields).sort()) text += `${name}${fields[name]}`;
  return createHmac('sha1', FAKE_TWILIO_TOKEN).update(text).digest('base64');
}

/** A status callback posted to `url` (a text's StatusCallback), signed with `signature` unless null. */
async function postStatus(url: string, fields: Record<string, string>, signature: string | null) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature !== null && { 'x-twilio-signature': signature }),
    },
    body: new URLSearchParams(fields),
  });
}

function codeOf(to: string) {
  const body = twilio.to(to).at(-1)?.fields.Body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  expect(code).toBeDefined();
  return code!;
}

/** The "text messages are used up" email sent since `mailsBefore`, after checking no second one follows. */
async function theOneAllowanceAlert(mailsBefore: number) {
  const alerts = () =>
    app.smtp.received.slice(mailsBefore).filter((mail) => /text messages are used up/.test(mail.subject));
  await until(alerts, (mails) => mails.length === 1);
  // Give a second alert the time to (wrongly) arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(alerts()).toHaveLength(1);
  return alerts()[0]!;
}

async function addPhone(client: HttpClient, phone: string) {
  const response = await client.post('/v1/me/phone', { phone });
  expect(response.status).toBe(200);
  return response;
}

/** `perMember` codes asked for at once by each member, each to a fresh number: the answers, and how many texts went out. */
async function codesAtOnce(members: Array<{ client: HttpClient }>, perMember: number) {
  const requests = members.flatMap((member) => Array.from({ length: perMember }, () => ({ member, phone: mobile() })));
  const answers = await Promise.all(requests.map(({ member, phone }) => member.client.post('/v1/me/phone', { phone })));
  return { answers, texted: () => requests.flatMap(({ phone }) => twilio.to(phone)).length };
}

/** `granted` answers were 200 and the rest 429 with `message`; the first refusal. */
function expectGranted<Answer extends { status: number; body: any }>(
  answers: Answer[],
  granted: number,
  message: string,
) {
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(granted);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(answers.length - granted);
  expect(refused[0]!.body.error).toMatchObject({ code: 'rate_limited', message });
  return refused[0]!;
}

describe('sms › a member’s mobile number', () => {
  it('texts a code through Twilio, refuses a wrong one, and verifies the right one', async () => {
    const owner = await onboardedOwner(app);
    const phone = mobile();
    expect((await owner.client.get('/v1/me/phone')).body).toEqual({ enabled: true, phone: null, pending: null });

    const added = await addPhone(owner.client, phone);
    expect(added.body.pending).toMatchObject({ number: phone, codeStatus: 'sent' });
    const [message] = twilio.to(phone);
    expect(message).toBeDefined();
    expect(message!.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_TWILIO_SID}:${FAKE_TWILIO_TOKEN}`).toString('base64')}`,
    );
    expect(message!.fields).toMatchObject({
      From: FAKE_TWILIO_FROM,
      StatusCallback: expect.stringMatching(ownStatusUrl()),
    });
    expect(message!.fields.Body).toMatch(/^Your Leadbell code is \d{6}\. It expires in 10 minutes\.$/);
    const code = codeOf(phone);

    const wrong = await owner.client.post('/v1/me/phone/verify', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_code');
    expect(wrong.body.error.details.fields.code[0]).toMatch(/4 tries left/);

    const right = await owner.client.post('/v1/me/phone/verify', { code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ enabled: true, phone: { number: phone }, pending: null });
    expect((await owner.client.get('/v1/me/phone')).body.phone.number).toBe(phone);
  });

  it('reads a local number as the business’s default country’s, and refuses what is not a number', async () => {
    const owner = await onboardedOwner(app);
    expect((await owner.client.patch(`/v1/entities/${owner.entityId}`, { defaultCountry: 'GB' })).status).toBe(200);
    const local = await addPhone(owner.client, '07911 223499');
    expect(local.body.pending).toMatchObject({ number: '+447911223499', display: '+44 7911 223499' });

    for (const phone of ['12', 'not a number', '']) {
      const refused = await owner.client.post('/v1/me/phone', { phone });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('validation_error');
      expect(refused.body.error.details.fields.phone).toHaveLength(1);
    }
    const badCode = await owner.client.post('/v1/me/phone/verify', { code: '12ab' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.details.fields.code).toHaveLength(1);
  });

  it('an expired code answers code_expired; five wrong codes end it', async () => {
    const owner = await onboardedOwner(app);
    const phone = mobile();
    await addPhone(owner.client, phone);
    const code = codeOf(phone);
    await advanceTime(app, clock, 11 * 60 * 1000);
    const expired = await owner.client.post('/v1/me/phone/verify', { code });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('code_expired');
    expect((await owner.client.get('/v1/me/phone')).body).toMatchObject({ phone: null, pending: null });

    await addPhone(owner.client, phone);
    const fresh = codeOf(phone);
    const wrongCode = fresh === '999999' ? '888888' : '999999';
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await owner.client.post('/v1/me/phone/verify', { code: wrongCode })).body.error.code);
    expect(answers).toEqual(['invalid_code', 'invalid_code', 'invalid_code', 'invalid_code', 'too_many_attempts']);
    // Even the right code no longer works.
    const late = await owner.client.post('/v1/me/phone/verify', { code: fresh });
    expect(late.status).toBe(429);
    expect(late.body.error.code).toBe('too_many_attempts');
    expect((await owner.client.get('/v1/me/phone')).body.phone).toBeNull();
  });

  it('12 parallel code requests by one member send 5 texts; the rest answer 429 and nothing else is sent', async () => {
    const owner = await onboardedOwner(app);
    const { answers, texted } = await codesAtOnce([owner], 12);
    const refused = expectGranted(answers, 5, 'You asked for 5 codes in the last hour. Try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(texted()).toBe(5);
    // Another member is not held back by it; the member is again an hour later.
    const other = await onboardedOwner(app);
    await addPhone(other.client, mobile());
    await app.pool.query(`update allowances set window_started_at = window_started_at - interval '61 minutes'`);
    await addPhone(owner.client, mobile());
  });

  it('a number gets at most 3 codes an hour, whoever asks for them', async () => {
    const phone = mobile();
    const owners = await Promise.all(Array.from({ length: 5 }, () => onboardedOwner(app)));
    const answers = await Promise.all(owners.map((owner) => owner.client.post('/v1/me/phone', { phone })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.error.details.fields.phone).toEqual([
      'This number got 3 codes in the last hour. Try again later.',
    ]);
    expect(twilio.to(phone)).toHaveLength(3);
  });

  it('a business sends at most 10 codes and test texts an hour across its members', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const members = [owner, await joinedTeammate(app, owner), await joinedTeammate(app, owner)];
    const { answers, texted } = await codesAtOnce(members, 4);
    expectGranted(answers, 10, 'Your business sent 10 codes and test texts in the last hour. Try again later.');
    expect(texted()).toBe(10);
  });

  it('only mobile numbers of the allowed countries: premium-rate, shared-cost, landline and foreign numbers answer 400, nothing is sent', async () => {
    const owner = await onboardedOwner(app);
    const before = twilio.messages.length;
    for (const [phone, message] of [
      ['+44 909 879 0000', 'We text mobile numbers only: this is a premium-rate number.'],
      ['+61 1300 123 456', 'We text mobile numbers only: this is a shared-cost number.'],
      ['+44 20 7946 0000', 'We text mobile numbers only: this is a landline.'],
      ['+44 800 123 4567', 'We text mobile numbers only: this is a toll-free number.'],
      ['+371 2000 0000', 'We do not text numbers in Latvia. Numbers we text: US, CA, GB, IE, AU, NZ.'],
      ['+1 876 210 1234', 'We do not text numbers in Jamaica. Numbers we text: US, CA, GB, IE, AU, NZ.'],
    ] as const) {
      const refused = await owner.client.post('/v1/me/phone', { phone });
      expect(refused.status, phone).toBe(400);
      expect(refused.body.error.details.fields.phone, phone).toEqual([message]);
    }
    expect(twilio.messages.length).toBe(before);
    // A US number (fixed line or mobile: the US does not tell them apart) and an Irish mobile are texted.
    await addPhone(owner.client, '+1 415 555 2671');
    await addPhone(owner.client, '+353 85 123 4567');
  });

  it('a number Twilio cannot text answers a field error; Twilio down answers sms_failed; nothing is pending', async () => {
    const owner = await onboardedOwner(app);
    twilio.refuse({ status: 400, code: 21614, message: "'To' number is not a valid mobile number" });
    try {
      const refused = await owner.client.post('/v1/me/phone', { phone: mobile() });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.fields.phone[0]).toMatch(/not a valid mobile number/);
      twilio.refuse({ status: 500, code: 20500, message: 'Internal Server Error' });
      const failed = await owner.client.post('/v1/me/phone', { phone: mobile() });
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatchObject({ code: 'sms_failed', details: { providerCode: '20500' } });
    } finally {
      twilio.refuse(null);
    }
    expect((await owner.client.get('/v1/me/phone')).body.pending).toBeNull();
    // The rows written before each send went with the refusals: Twilio sent nothing to report on.
    const { rows } = await app.pool.query(
      'select m.id from sms_messages m join users u on u.id = m.user_id where u.email = $1',
      [owner.email],
    );
    expect(rows).toEqual([]);
  });

  it('texts a test to the verified number only, at most three an hour; Twilio down answers sms_failed', async () => {
    const owner = await onboardedOwner(app);
    const phone = mobile();
    const beforeVerified = await owner.client.post('/v1/me/phone/test');
    expect(beforeVerified.status).toBe(404);
    expect(beforeVerified.body.error.message).toBe('Add and verify a mobile number first.');
    await addPhone(owner.client, phone);
    expect((await owner.client.post('/v1/me/phone/verify', { code: codeOf(phone) })).status).toBe(200);

    expect((await owner.client.get('/v1/setup')).body.steps.test.isDone).toBe(false);
    expect((await owner.client.post('/v1/me/phone/test')).status).toBe(204);
    expect(twilio.to(phone).at(-1)!.fields.Body).toBe('Leadbell test: leads you choose to be texted arrive here.');
    // A text that went ticks the first-day checklist's test step (issue 49).
    expect((await owner.client.get('/v1/setup')).body.steps.test).toMatchObject({ isDone: true, channel: 'sms' });
    twilio.refuse({ status: 500, code: 20500, message: 'Internal Server Error' });
    try {
      const failed = await owner.client.post('/v1/me/phone/test');
      expect(failed.status).toBe(502);
      expect(failed.body.error.code).toBe('sms_failed');
    } finally {
      twilio.refuse(null);
    }
    for (let i = 0; i < 2; i += 1) expect((await owner.client.post('/v1/me/phone/test')).status).toBe(204);
    const fourth = await owner.client.post('/v1/me/phone/test');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3000);
    // The code and three tests: a refused one is not a text.
    expect(twilio.to(phone)).toHaveLength(4);
    // Tests are outside the plan's allowance: nothing was taken from it.
    const { rows } = await app.pool.query('select sent_count from entity_sms_usage where entity_id = $1', [
      owner.entityId,
    ]);
    expect(rows).toEqual([]);
  });

  it('a member sees only their own number; removing it forgets it', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const teammate = await joinedTeammate(app, owner);
    const phone = mobile();
    await addPhone(owner.client, phone);
    expect((await owner.client.post('/v1/me/phone/verify', { code: codeOf(phone) })).status).toBe(200);
    expect((await teammate.client.get('/v1/me/phone')).body).toEqual({ enabled: true, phone: null, pending: null });
    const stranger = await onboardedOwner(app);
    expect((await stranger.client.get('/v1/me/phone')).body.phone).toBeNull();
    // Verifying with someone else's code does nothing for the stranger.
    expect((await stranger.client.post('/v1/me/phone/verify', { code: '123456' })).body.error.code).toBe(
      'invalid_code',
    );

    expect((await owner.client.delete('/v1/me/phone')).status).toBe(204);
    expect((await owner.client.get('/v1/me/phone')).body).toEqual({ enabled: true, phone: null, pending: null });
    expect((await owner.client.delete('/v1/me/phone')).status).toBe(204);
  });
});

describe('sms › Twilio status callbacks', () => {
  it('a forged or unsigned callback answers 403 and changes nothing; a signed one records the status', async () => {
    const owner = await onboardedOwner(app);
    const phone = mobile();
    await addPhone(owner.client, phone);
    const { sid, fields: sent } = twilio.to(phone).at(-1)!;
    const fields = { AccountSid: FAKE_TWILIO_SID, MessageSid: sid, MessageStatus: 'delivered', To: phone };
    const url = sent.StatusCallback!;

    expect((await postStatus(url, fields, null)).status).toBe(403);
    const forged = createHmac('sha1', 'not-the-auth-token').update(url).digest('base64');
    expect((await postStatus(url, fields, forged)).status).toBe(403);
    // Signed for other fields: a changed status is refused.
    expect((await postStatus(url, { ...fields, MessageStatus: 'failed' }, signed(url, fields))).status).toBe(403);
    // Signed, but another message's sid at this message's URL: not this message.
    const otherSid = { ...fields, MessageSid: `SM${'0'.repeat(32)}` };
    expect((await postStatus(url, otherSid, signed(url, otherSid))).status).toBe(204);
    expect((await owner.client.get('/v1/me/phone')).body.pending.codeStatus).toBe('sent');

    const sending = { ...fields, MessageStatus: 'sent' };
    expect((await postStatus(url, sending, signed(url, sending))).status).toBe(204);
    expect((await owner.client.get('/v1/me/phone')).body.pending.codeStatus).toBe('sent');
    expect((await postStatus(url, fields, signed(url, fields))).status).toBe(204);
    expect((await owner.client.get('/v1/me/phone')).body.pending.codeStatus).toBe('delivered');
    // A late, out-of-order callback does not undo it.
    const late = { ...fields, MessageStatus: 'undelivered', ErrorCode: '30003' };
    expect((await postStatus(url, late, signed(url, late))).status).toBe(204);
    expect((await owner.client.get('/v1/me/phone')).body.pending.codeStatus).toBe('delivered');
  });

  it('a text sent by an earlier version reports to /v1/twilio/status, found by its sid', async () => {
    const owner = await onboardedOwner(app);
    const phone = mobile();
    await addPhone(owner.client, phone);
    const url = `${app.baseUrl}/v1/twilio/status`;
    const fields = { MessageSid: twilio.to(phone).at(-1)!.sid, MessageStatus: 'undelivered', ErrorCode: '30003' };
    expect((await postStatus(url, fields, signed(`${url}?x=1`, fields))).status).toBe(403);
    expect((await owner.client.get('/v1/me/phone')).body.pending.codeStatus).toBe('sent');
    expect((await postStatus(url, fields, signed(url, fields))).status).toBe(204);
    expect((await owner.client.get('/v1/me/phone')).body.pending.codeStatus).toBe('undelivered');
  });
});

const MINUTE = 60_000;

type Member = { client: HttpClient };
type TimelineEntry = { kind: string; detail: string | null; person: { name: string } | null };

/** A member with a verified number and their choice of texts. */
async function textable(member: Member, sms: 'all' | 'escalations') {
  const phone = mobile();
  await addPhone(member.client, phone);
  expect((await member.client.post('/v1/me/phone/verify', { code: codeOf(phone) })).status).toBe(200);
  const saved = await member.client.put('/v1/me/delivery-preferences', { sms });
  expect(saved.status).toBe(200);
  expect(saved.body.sms).toBe(sms);
  return phone;
}

async function timelineOf(member: Member, leadId: string): Promise<TimelineEntry[]> {
  return (await member.client.get(`/v1/leads/${leadId}/events`)).body.timeline;
}

async function smsDeliveriesOf(leadId: string) {
  const { rows } = await app.pool.query<{
    status: string;
    last_error: string | null;
    received_at: Date | null;
    purpose: string;
  }>(
    `select status, last_error, received_at, purpose from deliveries where notification_id = $1 and channel = 'sms' order by created_at`,
    [leadId],
  );
  return rows;
}

describe('sms › leads by text', () => {
  it('a choice other than off needs a verified number', async () => {
    const owner = await onboardedOwner(app);
    const refused = await owner.client.put('/v1/me/delivery-preferences', { sms: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields.sms).toEqual(['Add and verify your mobile number first.']);
    const wrong = await owner.client.put('/v1/me/delivery-preferences', { sms: 'sometimes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.fields.sms).toHaveLength(1);
    expect((await owner.client.get('/v1/me/delivery-preferences')).body.sms).toBe('off');
  });

  it('`all`: each lead is texted, short, with its link; the timeline says "Texted"; Twilio’s delivered callback confirms it', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const teammate = await joinedTeammate(app, owner, { name: 'Ana Member' });
    const phone = await textable(teammate, 'all');
    const flowId = await createFlow(owner.client, { name: 'Contact form', title: 'New lead: {{name}}' });
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya', question: 'A quote?' } });

    const [text] = await until(
      () => twilio.to(phone).filter((message) => message.fields.Body?.includes(lead.id)),
      (texts) => texts.length === 1,
    );
    expect(text!.fields).toMatchObject({
      From: FAKE_TWILIO_FROM,
      Body: `Leadbell: New lead: Priya (Contact form) - open: ${app.baseUrl}/leads/${lead.id}`,
      StatusCallback: expect.stringMatching(ownStatusUrl()),
    });
    await until(
      () => smsDeliveriesOf(lead.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    const timeline = await timelineOf(owner, lead.id);
    expect(timeline).toContainEqual(
      expect.objectContaining({
        kind: 'delivered',
        detail: 'Text message',
        person: expect.objectContaining({ name: 'Ana Member' }),
      }),
    );
    // Counted against the business's allowance for the month.
    const { rows: usage } = await app.pool.query('select sent_count from entity_sms_usage where entity_id = $1', [
      owner.entityId,
    ]);
    expect(usage).toEqual([{ sent_count: 1 }]);

    const url = text!.fields.StatusCallback!;
    const delivered = { MessageSid: text!.sid, MessageStatus: 'delivered', To: phone };
    expect((await postStatus(url, delivered, signed(url, delivered))).status).toBe(204);
    expect((await smsDeliveriesOf(lead.id))[0]!.received_at).not.toBeNull();
    expect((await timelineOf(owner, lead.id)).map((entry) => entry.kind)).toContain('confirmed');
  });

  it('a forged callback for a lead’s text changes nothing; a signed "undelivered" fails the delivery', async () => {
    const owner = await onboardedOwner(app, { plan: 'growth' });
    const phone = await textable(owner, 'all');
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Sam' } });
    const [text] = await until(
      () => twilio.to(phone).filter((message) => message.fields.Body?.includes(lead.id)),
      (texts) => texts.length === 1,
    );
    await until(
      () => smsDeliveriesOf(lead.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    const url = text!.fields.StatusCallback!;
    const undelivered = { MessageSid: text!.sid, MessageStatus: 'undelivered', ErrorCode: '30003' };
    expect((await postStatus(url, undelivered, signed(`${url}?x=1`, undelivered))).status).toBe(403);
    expect((await smsDeliveriesOf(lead.id))[0]).toMatchObject({ status: 'delivered', last_error: null });
    expect((await postStatus(url, undelivered, signed(url, undelivered))).status).toBe(204);
    expect((await smsDeliveriesOf(lead.id))[0]).toMatchObject({
      status: 'failed',
      last_error: 'Twilio: undelivered (error 30003)',
    });
  });

  it('a receipt that comes before Leadbell read Twilio’s answer still fails the delivery, and the attempt is recorded', async () => {
    const owner = await onboardedOwner(app, { plan: 'growth' });
    const phone = await textable(owner, 'all');
    const flowId = await createFlow(owner.client);
    const release = twilio.holdAnswers('Messages');
    let text: TwilioMessagePost | undefined;
    let lead: { id: string };
    try {
      lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Noor' } });
      [text] = await until(
        () => twilio.to(phone).filter((message) => message.fields.Body?.includes(lead.id)),
        (texts) => texts.length === 1,
      );
      // Twilio could not deliver it, and says so before its answer to the send reached Leadbell.
      const url = text!.fields.StatusCallback!;
      const undelivered = { MessageSid: text!.sid, MessageStatus: 'undelivered', ErrorCode: '30007' };
      expect((await postStatus(url, undelivered, signed(url, undelivered))).status).toBe(204);
    } finally {
      release();
    }
    const recorded = await until(
      async () =>
        (
          await app.pool.query<{ status: string; last_error: string; attempts: number; outcomes: string[] }>(
            `select d.status, d.last_error, d.attempts,
                    array(select outcome from delivery_attempts a where a.delivery_id = d.id) as outcomes
               from deliveries d where d.notification_id = $1 and d.channel = 'sms'`,
            [lead!.id],
          )
        ).rows,
      (rows) => rows[0]?.attempts === 1,
    );
    // Handed to Twilio (the attempt), then not delivered (the receipt): the receipt's status stays.
    expect(recorded).toEqual([
      { status: 'failed', last_error: 'Twilio: undelivered (error 30007)', attempts: 1, outcomes: ['delivered'] },
    ]);
    const { rows: messages } = await app.pool.query(
      'select provider_sid, status, error_code from sms_messages where delivery_id in (select id from deliveries where notification_id = $1)',
      [lead!.id],
    );
    expect(messages).toEqual([{ provider_sid: text!.sid, status: 'undelivered', error_code: '30007' }]);
  });

  it('`escalations`: nothing with the lead, a text with the escalation re-ring', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const phone = await textable(owner, 'escalations');
    const flowId = await createFlow(owner.client, { name: 'Quote form', title: 'New lead: {{name}}' });
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Lee' } });
    // The lead's own deliveries (an email copy: no device) are done, and no text went out.
    await until(
      async () =>
        (
          await app.pool.query(
            `select count(*)::int as n from deliveries where notification_id = $1 and status = 'delivered'`,
            [lead.id],
          )
        ).rows[0].n,
      (n) => n >= 1,
    );
    expect(twilio.to(phone).filter((message) => message.fields.Body?.includes(lead.id))).toHaveLength(0);
    expect(await smsDeliveriesOf(lead.id)).toEqual([]);

    await advanceTime(app, clock, 5 * MINUTE);
    const [text] = await until(
      () => twilio.to(phone).filter((message) => message.fields.Body?.includes(lead.id)),
      (texts) => texts.length === 1,
      15_000,
    );
    expect(text!.fields.Body).toBe(
      `Leadbell: Still unanswered (5 min): New lead: Lee (Quote form) - open: ${app.baseUrl}/leads/${lead.id}`,
    );
    expect((await smsDeliveriesOf(lead.id)).map((row) => row.purpose)).toEqual(['escalation']);
  });

  it('past the plan’s allowance nothing is texted, the delivery says why, and the admins are emailed once', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const phone = await textable(owner, 'all');
    const flowId = await createFlow(owner.client);
    const mailsBefore = app.smtp.count();
    const first = await notify(app, owner.apiKey, { flowId, data: { name: 'One' } });
    const second = await notify(app, owner.apiKey, { flowId, data: { name: 'Two' } });
    for (const lead of [first, second]) {
      const [row] = await until(
        () => smsDeliveriesOf(lead.id),
        (rows) => rows[0]?.status === 'failed',
      );
      expect(row!.last_error).toBe('Not texted: the plan’s 0 text messages this month are used up');
    }
    expect(twilio.to(phone).filter((message) => !/code/.test(message.fields.Body ?? ''))).toHaveLength(0);
    const alert = await theOneAllowanceAlert(mailsBefore);
    expect(alert.to).toContain(owner.email.toLowerCase());
    expect(alert.raw).toMatch(/includes none/);
  });

  it('a lead for three members with room for two texts: two are texted, the third says why, one alert email', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const teammates = [
      await joinedTeammate(app, owner, { name: 'Ana Member' }),
      await joinedTeammate(app, owner, { name: 'Bo Member' }),
    ];
    const phones = [
      await textable(owner, 'all'),
      ...(await Promise.all(teammates.map((teammate) => textable(teammate, 'all')))),
    ];
    // Pro includes 200 texts a month: as if 198 had gone out already this billing month.
    const { rows: entity } = await app.pool.query<{ plan_selected_at: Date }>(
      'select plan_selected_at from entities where id = $1',
      [owner.entityId],
    );
    const period = billingPeriodOf(entity[0]!.plan_selected_at, clock.now());
    await app.pool.query('insert into entity_sms_usage (entity_id, period_start, sent_count) values ($1, $2, 198)', [
      owner.entityId,
      period.start,
    ]);
    const flowId = await createFlow(owner.client);
    const mailsBefore = app.smtp.count();
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Three' } });

    const rows = await until(
      () => smsDeliveriesOf(lead.id),
      (deliveries) => deliveries.length === 3 && deliveries.every((row) => row.status !== 'pending'),
    );
    expect(rows.map((row) => row.status).sort()).toEqual(['delivered', 'delivered', 'failed']);
    expect(rows.find((row) => row.status === 'failed')!.last_error).toBe(
      'Not texted: the plan’s 200 text messages this month are used up',
    );
    const texts = phones.flatMap((phone) =>
      twilio.to(phone).filter((message) => message.fields.Body?.includes(lead.id)),
    );
    expect(texts).toHaveLength(2);
    const { rows: usage } = await app.pool.query('select sent_count from entity_sms_usage where entity_id = $1', [
      owner.entityId,
    ]);
    expect(usage).toEqual([{ sent_count: 200 }]);

    expect((await theOneAllowanceAlert(mailsBefore)).to).toContain(owner.email.toLowerCase());
  });
});

describe('sms › the installation’s hourly ceiling (SMS_PER_HOUR)', () => {
  let ceiling: TestApp;
  beforeAll(async () => {
    ceiling = await startTestApp({ ...fakeTwilioEnv(twilio), SMS_PER_HOUR: '4' });
  });
  afterAll(async () => ceiling?.close());

  it('6 parallel codes from two businesses: 4 are texted, 2 answer 429, whoever asked', async () => {
    const owners = [await onboardedOwner(ceiling), await onboardedOwner(ceiling)];
    const { answers, texted } = await codesAtOnce(owners, 3);
    expectGranted(answers, 4, 'Leadbell is sending too many text messages right now. Try again later.');
    expect(texted()).toBe(4);
  });

  it('a lead’s text past the ceiling is not sent: its delivery says why and the plan’s month keeps the text', async () => {
    await ceiling.pool.query(`delete from allowances where key = 'sms-installation'`);
    const owner = await onboardedOwner(ceiling, { plan: 'growth' });
    const phone = await textable(owner, 'all');
    await ceiling.pool.query(`update allowances set used = 4 where key = 'sms-installation'`);
    const flowId = await createFlow(owner.client);
    const lead = await notify(ceiling, owner.apiKey, { flowId, data: { name: 'One' } });
    const [delivery] = await until(
      async () =>
        (
          await ceiling.pool.query(
            `select status, last_error from deliveries where notification_id = $1 and channel = 'sms'`,
            [lead.id],
          )
        ).rows,
      (rows) => rows[0]?.status === 'failed',
    );
    expect(delivery.last_error).toBe('Not texted: Leadbell sent as many text messages as it may this hour');
    expect(twilio.to(phone).filter((message) => !/code/.test(message.fields.Body ?? ''))).toEqual([]);
    const { rows: usage } = await ceiling.pool.query('select sent_count from entity_sms_usage where entity_id = $1', [
      owner.entityId,
    ]);
    expect(usage).toEqual([{ sent_count: 0 }]);
  });
});
