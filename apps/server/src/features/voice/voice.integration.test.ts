import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TWILIO_FROM, mobileNumbers, type FakeTwilio, type TwilioCallPost } from '../../../test/fake-twilio.ts';
import type { HttpClient } from '../../../test/http-client.ts';
import { joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { advanceTime, type TestClock } from '../../../test/test-clock.ts';
import { startTwilioTestApp, type TwilioTestApp } from '../../../test/twilio-test-app.ts';
import { until } from '../../../test/until.ts';

// Issue 50: a lead rings a member's phone; 1 takes it and connects the customer, 2 passes it on.
// The fake Twilio plays each call as Twilio does: create, fetch TwiML, post Digits, status callbacks.

let app: TestApp;
let twilio: FakeTwilio;
let clock: TestClock;
let close: TwilioTestApp['close'] | undefined;

beforeAll(async () => {
  ({ app, twilio, clock, close } = await startTwilioTestApp());
});
afterAll(async () => {
  await close?.();
});

const mobile = mobileNumbers(45_600);

/** Verifies a number for the member (the code from the fake's text) and chooses calls for `voice`. */
async function callable(client: HttpClient, voice: 'escalations' | 'all' = 'all') {
  const phone = mobile();
  expect((await client.post('/v1/me/phone', { phone })).status).toBe(200);
  const code = /\b(\d{6})\b/.exec(twilio.to(phone).at(-1)!.fields.Body!)![1]!;
  expect((await client.post('/v1/me/phone/verify', { code })).status).toBe(200);
  const saved = await client.put('/v1/me/delivery-preferences', { voice });
  expect(saved.status).toBe(200);
  expect(saved.body.voice).toBe(voice);
  return phone;
}

/**
 * The `count`th call placed to `phone`, once Leadbell stored its sid: Twilio rings a phone only
 * after answering the call's creation, and a person answers seconds later. A call played before
 * Leadbell read that answer has its own test ('a call's callbacks that come before…').
 */
async function callTo(phone: string, count = 1): Promise<TwilioCallPost> {
  const calls = await until(
    () => twilio.callsTo(phone),
    (list) => list.length >= count,
  );
  const call = calls[count - 1]!;
  await until(
    async () => (await app.pool.query('select 1 from voice_calls where provider_sid = $1', [call.sid])).rowCount,
    (stored) => stored === 1,
  );
  return call;
}

async function flowIn(client: HttpClient, body: Record<string, unknown> = {}) {
  const created = await client.post('/v1/flows', {
    name: 'Contact form',
    title: 'New lead: {{name}}',
    message: '{{name}} wrote: {{question}}',
    ...body,
  });
  expect(created.status).toBe(201);
  return created.body.flowId as string;
}

async function leadOf(client: HttpClient, id: string) {
  const response = await client.get(`/v1/leads/${id}`);
  expect(response.status).toBe(200);
  return response.body;
}

/** Waits until the business's settled leads taught it `language` (issue 46), before the phone is answered. */
async function languageLearned(entityId: string, language: string) {
  await until(
    async () => (await app.pool.query('select language from entity_languages where entity_id = $1', [entityId])).rows,
    (rows) => rows.some((row) => row.language === language),
  );
}

describe('voice › a call for a lead', () => {
  it('says the lead’s title; 1 claims it for the member and dials the customer; the call is in the timeline', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const phone = await callable(owner.client);
    const flowId = await flowIn(owner.client);
    const lead = await notify(app, owner.apiKey, {
      flowId,
      data: { name: 'Flo', question: 'a leaking boiler', phone: '+447700900123' },
    });
    const call = await callTo(phone);
    expect(call.fields).toMatchObject({ To: phone, From: FAKE_TWILIO_FROM, Method: 'POST' });
    expect(call.fields.Url).toMatch(new RegExp(`^${app.baseUrl}/v1/twilio/calls/[0-9a-f-]{36}/twiml$`));
    expect(call.fields.StatusCallback).toMatch(/\/status$/);

    const played = await twilio.play(call, { digits: '1', durationSeconds: 75 });
    expect(played.status).toBe(200);
    expect(played.twiml).toContain('New lead: Flo');
    expect(played.twiml).toContain('<Gather numDigits="1"');
    expect(played.gather?.twiml).toContain(
      `<Dial callerId="${FAKE_TWILIO_FROM}"><Number>+447700900123</Number></Dial>`,
    );
    const me = (await owner.client.get('/v1/me')).body.user.id as string;
    const claimed = await leadOf(owner.client, lead.id);
    expect(claimed).toMatchObject({ status: 'claimed', claimedBy: { userId: me } });

    const timeline = await until(
      async () => (await owner.client.get(`/v1/leads/${lead.id}/events`)).body.timeline as Array<Record<string, any>>,
      (entries) => entries.some((entry) => entry.kind === 'phoned' && /completed/.test(entry.detail ?? '')),
    );
    // Every status the call went through is kept, not only its last (decision 079).
    const phoned = timeline.filter((entry) => entry.kind === 'phoned');
    expect(phoned.map((entry) => entry.detail)).toEqual([
      'queued',
      'ringing',
      'in-progress',
      'completed, 75 s, pressed 1',
    ]);
    expect(phoned.every((entry) => entry.person?.userId === me)).toBe(true);
    expect(timeline.some((entry) => entry.kind === 'claimed' && entry.person?.userId === me)).toBe(true);
    // The 1 is the member's first response, and their answered call, in insights.
    const insights = (await owner.client.get('/v1/insights?days=7')).body;
    expect(insights.totals).toMatchObject({ received: 1, answeredWithinTarget: 1 });
    expect(insights.members).toEqual([
      expect.objectContaining({ userId: me, claimed: 1, callsAnswered: 1, callsMissed: 0 }),
    ]);
  });

  it('2 passes the lead to the next member in turn at once, their step timed from the press; no key leaves it open', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const teammate = await joinedTeammate(app, owner);
    const ownerId = (await owner.client.get('/v1/me')).body.user.id as string;
    const ownerPhone = await callable(owner.client);
    const teammatePhone = await callable(teammate.client);
    const flowId = await flowIn(owner.client, { ringPolicy: 'in_turn', ringStepMinutes: 10 });
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Gus' } });
    const first = await callTo(ownerPhone);
    expect(twilio.callsTo(teammatePhone)).toHaveLength(0);
    const dueAt = async () =>
      (await app.pool.query<{ due_at: Date }>('select due_at from lead_turns where notification_id = $1', [lead.id]))
        .rows[0]?.due_at;
    const firstStepEnds = await dueAt();
    // Pressed 4 minutes into the 10-minute step: the teammate's own step runs 10 minutes from the press.
    await advanceTime(app, clock, 4 * 60_000);
    const pressedAt = clock.now().getTime();

    const passed = await twilio.play(first, { digits: '2' });
    expect(passed.gather?.twiml).toContain('Passed on');
    const second = await callTo(teammatePhone);
    expect((await dueAt())?.getTime()).toBe(pressedAt + 10 * 60_000);
    expect(firstStepEnds!.getTime()).toBeLessThan(pressedAt + 10 * 60_000);
    // The owner's pass again, their turn gone by, moves nothing.
    expect((await twilio.play(first, { digits: '2' })).gather?.twiml).toContain('Passed on');
    expect((await dueAt())?.getTime()).toBe(pressedAt + 10 * 60_000);
    const unanswered = await twilio.play(second, {});
    expect(unanswered.twiml).toContain('New lead: Gus');
    expect((await leadOf(owner.client, lead.id)).status).toBe('open');
    const timeline = (await owner.client.get(`/v1/leads/${lead.id}/events`)).body.timeline as Array<
      Record<string, any>
    >;
    expect(
      timeline
        .filter((entry) => ['asked', 'passed', 'phoned'].includes(entry.kind))
        .map((entry) => [entry.kind, entry.person?.userId, entry.detail]),
    ).toEqual(
      expect.arrayContaining([
        ['passed', ownerId, null],
        ['phoned', ownerId, 'completed, 30 s, pressed 2'],
        ['phoned', teammate.userId, 'completed, 30 s'],
      ]),
    );
    expect(timeline.filter((entry) => entry.kind === 'asked').map((entry) => entry.person?.userId)).toEqual([
      ownerId,
      teammate.userId,
    ]);
  });

  it('escalations only: no call with the lead, a call with the re-ring; an unanswered call is recorded as such', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const phone = await callable(owner.client, 'escalations');
    const flowId = await flowIn(owner.client, { responseTargetMinutes: 1 });
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Hal' } });
    await until(
      async () => (await app.pool.query(`select from deliveries where notification_id = $1`, [lead.id])).rowCount,
      (count) => (count ?? 0) > 0,
    );
    expect(twilio.callsTo(phone)).toHaveLength(0);
    await advanceTime(app, clock, 61_000);
    const call = await callTo(phone);
    const missed = await twilio.play(call, { answer: 'no-answer' });
    expect(missed.twiml).toBe('');
    const timeline = await until(
      async () => (await owner.client.get(`/v1/leads/${lead.id}/events`)).body.timeline as Array<Record<string, any>>,
      (entries) => entries.some((entry) => entry.kind === 'phoned' && entry.detail === 'no-answer'),
    );
    expect(timeline.some((entry) => entry.kind === 'escalated')).toBe(true);
    const { rows } = await app.pool.query(
      `select status, duration_seconds, ended_at is not null as ended from voice_calls where provider_sid = $1`,
      [call.sid],
    );
    expect(rows).toEqual([{ status: 'no-answer', duration_seconds: 0, ended: true }]);
  });

  it('a call’s callbacks that come before Leadbell read Twilio’s answer to its creation still count', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const phone = await callable(owner.client);
    const flowId = await flowIn(owner.client);
    const release = twilio.holdAnswers('Calls');
    try {
      const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Ida' } });
      const [call] = await until(
        () => twilio.callsTo(phone),
        (list) => list.length === 1,
      );
      const missed = await twilio.play(call!, { answer: 'no-answer' });
      expect(missed.twiml).toBe('');
      release();
      await until(
        async () => (await app.pool.query('select 1 from voice_calls where provider_sid = $1', [call!.sid])).rowCount,
        (stored) => stored === 1,
      );
      const timeline = await until(
        async () => (await owner.client.get(`/v1/leads/${lead.id}/events`)).body.timeline as Array<Record<string, any>>,
        (entries) => entries.some((entry) => entry.kind === 'phoned' && entry.detail === 'no-answer'),
      );
      const phoned = timeline.filter((entry) => entry.kind === 'phoned').map((entry) => entry.detail);
      expect(phoned).toEqual(['queued', 'ringing', 'no-answer']);
      const { rows } = await app.pool.query(
        `select status, ended_at is not null as ended from voice_calls where notification_id = $1`,
        [lead.id],
      );
      expect(rows).toEqual([{ status: 'no-answer', ended: true }]);
    } finally {
      release();
    }
  });

  it('reads the lead and Leadbell’s own words in the business’s language, learned from its leads', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro', entityName: 'Plomberie Dupont' });
    expect((await owner.client.patch(`/v1/entities/${owner.entityId}`, { defaultCountry: 'FR' })).status).toBe(200);
    const phone = await callable(owner.client);
    const flowId = await flowIn(owner.client, { title: 'Nouveau contact : {{name}}' });
    await notify(app, owner.apiKey, {
      flowId,
      data: { name: 'Zoé', question: 'Bonjour, je voudrais un devis pour une fuite dans la salle de bain, merci' },
    });
    await languageLearned(owner.entityId, 'fr');
    const played = await twilio.play(await callTo(phone), { digits: '2' });
    const french = '<Say language="fr-FR" voice="Google.fr-FR-Standard-A">';
    expect(played.twiml).toContain(`${french}Leadbell. Nouveau contact pour :</Say>`);
    expect(played.twiml).toContain(`${french}Plomberie Dupont. Nouveau contact : Zoé.</Say>`);
    expect(played.twiml).toContain(
      `${french}Appuyez sur 1 pour prendre ce contact et appeler le client maintenant. Appuyez sur 2 pour le passer à la personne suivante.</Say>`,
    );
    expect(played.twiml).toContain(`${french}Aucune touche n’a été pressée.`);
    expect(played.twiml).not.toContain('language="en-');
    expect(played.gather?.twiml).toContain(`${french}Transmis à la personne suivante. Au revoir.</Say>`);
  });

  it('1 dials the customer showing the business’s verified caller ID, with the prompts in German', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro', entityName: 'Sanitär Müller' });
    expect((await owner.client.patch(`/v1/entities/${owner.entityId}`, { defaultCountry: 'DE' })).status).toBe(200);
    // The business's own number, verified through Twilio's call (decision 082; caller-id.integration.test.ts).
    const callerId = '+442079460987';
    const started = await owner.client.post(`/v1/entities/${owner.entityId}/caller-id`, { phone: callerId });
    expect(started.status).toBe(200);
    const asked = twilio.callerIdRequestsFor(callerId)[0]!;
    expect((await twilio.typeCallerIdCode(asked, { digits: asked.validationCode })).status).toBe(204);

    const phone = await callable(owner.client);
    const flowId = await flowIn(owner.client, { title: 'Neue Anfrage: {{name}}' });
    const lead = await notify(app, owner.apiKey, {
      flowId,
      data: {
        name: 'Jonas',
        question: 'Guten Tag, ich hätte gerne ein Angebot für eine neue Heizung, vielen Dank',
        phone: '030 1234567',
      },
    });
    await languageLearned(owner.entityId, 'de');
    const played = await twilio.play(await callTo(phone), { digits: '1' });
    const german = '<Say language="de-DE" voice="Google.de-DE-Standard-A">';
    expect(played.twiml).toContain(`${german}Drücken Sie die 1, um diese Anfrage zu übernehmen`);
    expect(played.gather?.twiml).toContain(
      `${german}Die Anfrage gehört Ihnen. Sie werden jetzt mit dem Kunden verbunden.</Say><Dial callerId="${callerId}"><Number>+49301234567</Number></Dial>`,
    );
    expect((await leadOf(owner.client, lead.id)).status).toBe('claimed');
  });

  it('in the member’s quiet hours no call is placed, and the delivery says why', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const phone = await callable(owner.client);
    const timeOf = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString().slice(11, 16);
    const quietHours = { start: timeOf(-60_000), end: timeOf(2 * 60 * 60_000) };
    expect((await owner.client.put('/v1/me/delivery-preferences', { quietHours })).status).toBe(200);
    const flowId = await flowIn(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Ida' } });
    const settled = await until(
      async () =>
        (
          await app.pool.query(
            `select status, last_error from deliveries where notification_id = $1 and channel = 'voice'`,
            [lead.id],
          )
        ).rows,
      (rows) => rows.length === 1 && rows[0].status !== 'pending',
    );
    expect(settled).toEqual([{ status: 'failed', last_error: 'Not called: the member’s quiet hours' }]);
    expect(twilio.callsTo(phone)).toHaveLength(0);
  });

  it('a call or text still waiting when a teammate claims the lead is not sent, and its delivery says why', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const phone = await callable(owner.client);
    const teammate = await joinedTeammate(app, owner);
    const teammatePhone = await callable(teammate.client);
    expect((await teammate.client.put('/v1/me/delivery-preferences', { voice: 'off', sms: 'all' })).status).toBe(200);
    const flowId = await flowIn(owner.client);
    const phonedDeliveries = () =>
      app.pool
        .query<{ channel: string; status: string; attempts: number; last_error: string | null }>(
          `select channel, status, attempts, last_error from deliveries
            where notification_id = $1 and channel in ('sms', 'voice') order by channel`,
          [lead.id],
        )
        .then((result) => result.rows);
    // Twilio down: the call and the text wait for their retry. It stays down until both settle: a
    // retry due within the second of the claim may read the lead still open just before the claim
    // commits (the race the call's own "taken" answer meets, see leadsNoLongerOpen); refused, it
    // retries and then reads the claim.
    twilio.refuse({ status: 503, code: 20503, message: 'Service unavailable' });
    let lead: { id: string };
    let settled: Awaited<ReturnType<typeof phonedDeliveries>>;
    try {
      lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Jo', phone: '+447700900124' } });
      await until(phonedDeliveries, (rows) => rows.length === 2 && rows.every((row) => row.attempts >= 1));
      expect((await teammate.client.post(`/v1/leads/${lead.id}/claim`)).status).toBe(200);
      settled = await until(phonedDeliveries, (rows) => rows.every((row) => row.status !== 'pending'), 20_000);
    } finally {
      twilio.refuse(null);
    }
    expect(settled.map(({ channel, status, last_error }) => ({ channel, status, last_error }))).toEqual([
      { channel: 'sms', status: 'failed', last_error: 'Not sent: the lead was claimed first' },
      { channel: 'voice', status: 'failed', last_error: 'Not sent: the lead was claimed first' },
    ]);
    expect(twilio.callsTo(phone)).toHaveLength(0);
    expect(twilio.to(teammatePhone).filter((text) => text.fields.Body?.includes(lead.id))).toHaveLength(0);
  });

  it('a forged signature answers 403 and changes nothing', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const phone = await callable(owner.client);
    const flowId = await flowIn(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Eve', phone: '+447700900124' } });
    const call = await callTo(phone);
    const forged = await twilio.play(call, { digits: '1', signature: 'Zm9yZ2VkIHNpZ25hdHVyZQ==' });
    expect(forged.status).toBe(403);
    expect(forged.twiml).not.toContain('Gather');
    expect(forged.gather).toBeNull();
    expect((await leadOf(owner.client, lead.id)).status).toBe('open');
    const { rows } = await app.pool.query(`select status, digits from voice_calls where provider_sid = $1`, [call.sid]);
    expect(rows).toEqual([{ status: 'queued', digits: null }]);
  });

  it('calls need a verified number: voice other than off without one answers 400', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const response = await owner.client.put('/v1/me/delivery-preferences', { voice: 'all' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields.voice).toEqual(['Add and verify your mobile number first.']);
  });
});

describe('voice › call minutes', () => {
  it('parallel calls reserve the month’s minutes atomically; past them, the member is texted instead', async () => {
    // The growth plan's 30 minutes are 15 calls' reservations.
    const owner = await onboardedOwner(app, { plan: 'growth' });
    const phone = await callable(owner.client);
    const flowId = await flowIn(owner.client);
    const mailsBefore = app.smtp.count();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => notify(app, owner.apiKey, { flowId, data: { name: `P${index}` } })),
    );
    await until(
      async () =>
        (
          await app.pool.query(
            `select from deliveries where channel = 'voice' and entity_id = $1 and status <> 'pending'`,
            [owner.entityId],
          )
        ).rowCount,
      (settled) => settled === 20,
      20_000,
    );
    expect(twilio.callsTo(phone)).toHaveLength(15);
    const { rows } = await app.pool.query<{ count: number }>(
      `select count(*)::int as count from deliveries where channel = 'sms' and entity_id = $1`,
      [owner.entityId],
    );
    expect(rows[0]!.count).toBe(5);
    await until(
      () => app.smtp.received.slice(mailsBefore).filter((mail) => /call minutes are used up/.test(mail.subject)),
      (mails) => mails.length === 1,
    );
    const usage = await owner.client.get('/v1/usage');
    expect(usage.body).toMatchObject({ callMinutes: { used: 30, included: 30 } });
  });
});
