import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAY_OFFICE_HOURS } from '@leadbell/shared/business-hours';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { advanceTime, createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import {
  createTestDatabase,
  sharedSecretsEnv,
  startServerProcess,
  startTestApp,
  type TestApp,
  WITH_SERVER_PROCESS_MS,
} from '../../../test/test-app.ts';
import { takeInAcceptedLeads } from '../../../test/accepted-leads.ts';

const MINUTE = 60_000;

let app: TestApp;
let stub: PushServiceStub;
let clock: TestClock;

beforeAll(async () => {
  stub = await startPushServiceStub();
  clock = createTestClock(new Date());
  app = await startTestApp(
    {
      PUSH_SERVICE_HOSTS: stub.host,
      NOTIFY_RATE_LIMIT: '1000',
      NOTIFY_RATE_BURST: '1000',
      SCHEDULER_INTERVAL_SECONDS: '1',
    },
    undefined,
    { pushCa: stub.ca, clock },
  );
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
});

/** A team of two, each with a device on the stub and email copies off: only escalations email. */
async function team() {
  const admin = await onboardedOwner(app, { plan: 'pro' });
  const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
  const devices: string[] = [];
  for (const person of [admin, member]) {
    await person.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
    const { id, subscription } = stub.createSubscription();
    devices.push(id);
    expect((await person.client.post('/v1/push-subscriptions', subscription)).status).toBe(201);
  }
  return { admin, member, devices };
}

async function escalationStageOf(notificationId: string): Promise<number> {
  const { rows } = await app.pool.query('select escalation_stage from notifications where id = $1', [notificationId]);
  return rows[0].escalation_stage as number;
}

/** Waits until every escalation stage of the lead due on the app's clock has run (the sweep moved its row on). */
async function escalationStagesSettled(notificationId: string) {
  await expect
    .poll(
      async () =>
        (
          await app.pool.query(
            'select count(*)::int as due from lead_escalations where notification_id = $1 and due_at <= $2',
            [notificationId, clock.now()],
          )
        ).rows[0].due,
      { timeout: 15_000 },
    )
    .toBe(0);
}

function mailsTo(email: string, subject: RegExp, after: number) {
  return app.smtp.received.slice(after).filter((mail) => mail.to.includes(email) && subject.test(mail.subject));
}

describe('escalation › until someone answers', () => {
  it('unclaimed past its target, every device rings again with the escalation; at twice the target, everyone is emailed', async () => {
    const { admin, member, devices } = await team();
    const flowId = await createFlow(admin.client, { title: 'New lead: {{name}}' });
    const mailsBefore = app.smtp.count();
    const lead = await notify(app, admin.apiKey, {
      flowId,
      data: { name: 'Ann', phone: '+44 7911 123456', email: 'ann@example.com' },
    });
    for (const device of devices) await stub.waitForMessages(device, 1);

    await advanceTime(app, clock, 5 * MINUTE);
    for (const device of devices) {
      const [, escalation] = await stub.waitForMessages(device, 2);
      expect(escalation!.payload).toMatchObject({
        title: 'Still unanswered (5 min): New lead: Ann',
        notificationId: lead.id,
        escalation: true,
      });
      expect(escalation!.urgency).toBe('high');
    }
    expect(await escalationStageOf(lead.id)).toBe(1);
    expect(mailsTo(admin.email, /Unanswered lead/, mailsBefore)).toEqual([]);

    await advanceTime(app, clock, 5 * MINUTE);
    for (const person of [admin, member]) {
      await expect.poll(() => mailsTo(person.email, /^Unanswered lead: New lead: Ann$/, mailsBefore).length).toBe(1);
    }
    const [mail] = mailsTo(member.email, /Unanswered lead/, mailsBefore);
    expect(mail!.raw).toContain('tel:+447911123456');
    expect(mail!.raw).toContain(`/leads/${lead.id}`);
    // "Reply" in the member's mail app answers Ann (issue 26).
    expect(mail!.raw).toMatch(/^Reply-To: ann@example\.com\r?$/m);
    expect(await escalationStageOf(lead.id)).toBe(2);
    await escalationStagesSettled(lead.id);
    const card = (await admin.client.get(`/v1/leads/${lead.id}`)).body;
    expect(card.timeline.filter((entry: { kind: string }) => entry.kind === 'escalated')).toHaveLength(2);
    // Nothing rang a third time.
    for (const device of devices) expect(stub.messagesFor(device)).toHaveLength(2);
  });

  it('a lead claimed before its target causes neither the ringing nor the email', async () => {
    const { admin, member, devices } = await team();
    const flowId = await createFlow(admin.client);
    const mailsBefore = app.smtp.count();
    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Bo' } });
    expect((await member.client.post(`/v1/leads/${lead.id}/claim`)).status).toBe(200);
    // The lead rings once, claimed or not: once it has, the worker has taken it in and its timer is
    // set (on a busy host the claim and the clock can come first, and nothing would be due yet).
    for (const device of devices) await stub.waitForMessages(device, 1);
    await advanceTime(app, clock, 11 * MINUTE);
    await escalationStagesSettled(lead.id);
    for (const device of devices) expect(stub.messagesFor(device)).toHaveLength(1);
    expect(mailsTo(admin.email, /Unanswered/, mailsBefore)).toEqual([]);
    expect(await escalationStageOf(lead.id)).toBe(0);
  });

  it('time to claim runs on the app’s clock: claimed 3 minutes (moved) after arrival reads 3 minutes in insights', async () => {
    const { admin, member } = await team();
    const flowId = await createFlow(admin.client);
    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Di' } });
    await advanceTime(app, clock, 3 * MINUTE);
    expect((await member.client.post(`/v1/leads/${lead.id}/claim`)).status).toBe(200);
    const insights = (await admin.client.get('/v1/insights?days=7')).body;
    expect(insights.totals).toMatchObject({
      received: 1,
      answeredWithinTarget: 1,
      medianSecondsToClaim: 180,
      p90SecondsToClaim: 180,
    });
    // The claim came before the target: when the timers come due they do nothing.
    await advanceTime(app, clock, 8 * MINUTE);
    await escalationStagesSettled(lead.id);
    expect(await escalationStageOf(lead.id)).toBe(0);
  });

  it('“Done” without a claim counts as claimed then, on the same clock: done 3 minutes (moved) in reads 3 minutes', async () => {
    const { admin } = await team();
    const flowId = await createFlow(admin.client);
    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Ed' } });
    await advanceTime(app, clock, 3 * MINUTE);
    expect((await admin.client.post(`/v1/leads/${lead.id}/done`)).status).toBe(200);
    const insights = (await admin.client.get('/v1/insights?days=7')).body;
    expect(insights.totals).toMatchObject({ received: 1, answeredWithinTarget: 1, medianSecondsToClaim: 180 });
  });

  it('the flow’s own target counts', async () => {
    const { admin, devices } = await team();
    const flowId = await createFlow(admin.client);
    expect(
      (
        await admin.client.put(`/v1/flows/${flowId}`, {
          name: 'Urgent booking',
          title: 'Booking {{name}}',
          message: 'Booking from {{name}}',
          responseTargetMinutes: 2,
        })
      ).body,
    ).toMatchObject({
      responseTargetMinutes: 2,
    });
    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Cy' } });
    await stub.waitForMessages(devices[0]!, 1);
    await advanceTime(app, clock, 2 * MINUTE);
    const [, escalation] = await stub.waitForMessages(devices[0]!, 2);
    expect(escalation!.payload.title).toBe('Still unanswered (2 min): Booking Cy');
    expect(await escalationStageOf(lead.id)).toBe(1);
  });
});

describe('escalation › business hours and quiet hours', () => {
  async function closedBusiness(admin: { client: HttpClient; entityId: string }) {
    expect(
      (
        await admin.client.patch(`/v1/entities/${admin.entityId}`, {
          timeZone: 'Europe/London',
          businessHours: WEEKDAY_OFFICE_HOURS,
        })
      ).status,
    ).toBe(200);
  }

  it('a lead at 22:00 rings nobody, starts its timer at opening, and is in the morning summary; an urgent flow rings anyway', async () => {
    // Tuesday 24 November 2026, 22:00 in London (GMT).
    clock.set(new Date('2026-11-24T22:00:00Z'));
    const { admin, member, devices } = await team();
    await closedBusiness(admin);
    const flowId = await createFlow(admin.client, { title: 'Evening lead: {{name}}' });
    const urgentFlow = await createFlow(admin.client, { name: 'Emergencies', title: 'Burst pipe: {{name}}' });
    await admin.client.put(`/v1/flows/${urgentFlow}`, {
      name: 'Emergencies',
      title: 'Burst pipe: {{name}}',
      message: 'Call {{name}} now',
      isUrgent: true,
    });
    const mailsBefore = app.smtp.count();

    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Dee', email: 'dee@example.com' } });
    const urgent = await notify(app, admin.apiKey, { flowId: urgentFlow, data: { name: 'Eli' } });
    for (const device of devices) {
      const [message] = await stub.waitForMessages(device, 1);
      expect(message!.payload.notificationId).toBe(urgent.id);
    }
    // Answered at once, so its own escalation never rings while the night is moved past.
    expect((await member.client.post(`/v1/leads/${urgent.id}/claim`)).status).toBe(200);
    const { rows } = await app.pool.query(
      'select is_after_hours, response_started_at from notifications where id = $1',
      [lead.id],
    );
    expect(rows[0]).toEqual({ is_after_hours: true, response_started_at: new Date('2026-11-25T09:00:00Z') });
    // The inbox says when it rings, and when its response target passes (the flow's 5 minutes).
    expect((await admin.client.get(`/v1/leads/${lead.id}`)).body).toMatchObject({
      ringsAt: '2026-11-25T09:00:00.000Z',
      respondBy: '2026-11-25T09:05:00.000Z',
    });
    await sleep(1500);
    expect(stub.messagesFor(devices[0]!)).toHaveLength(1);

    // Wednesday 09:00: the summary goes out to everyone, and the lead's timer runs from now.
    await advanceTime(app, clock, 11 * 60 * MINUTE);
    for (const person of [admin, member]) {
      await expect
        .poll(() => mailsTo(person.email, /1 lead came in while you were closed/, mailsBefore).length, {
          timeout: 10_000,
        })
        .toBe(1);
    }
    const summary = mailsTo(member.email, /closed/, mailsBefore)[0]!.raw;
    expect(summary).toContain('Evening lead: Dee');
    // Its one lead's visitor is who "Reply" answers, and the item links a reply too (issue 26).
    expect(summary).toMatch(/^Reply-To: dee@example\.com\r?$/m);
    expect(summary.replace(/=\r?\n/g, '')).toContain('mailto:dee@example.com');
    await advanceTime(app, clock, 5 * MINUTE);
    const [, escalation] = await stub.waitForMessages(devices[0]!, 2);
    expect(escalation!.payload).toMatchObject({ notificationId: lead.id, escalation: true });
  });

  it('on the spring-forward Sunday the timer starts at 09:00 BST, which is 08:00 UTC', async () => {
    clock.set(new Date('2026-03-28T22:00:00Z'));
    const admin = await onboardedOwner(app);
    await admin.client.patch(`/v1/entities/${admin.entityId}`, {
      timeZone: 'Europe/London',
      businessHours: { ...WEEKDAY_OFFICE_HOURS, sun: [{ open: '09:00', close: '12:00' }] },
    });
    const flowId = await createFlow(admin.client);
    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Fay' } });
    await takeInAcceptedLeads(app.pool);
    const { rows } = await app.pool.query('select response_started_at from notifications where id = $1', [lead.id]);
    expect(rows[0].response_started_at).toEqual(new Date('2026-03-29T08:00:00Z'));
    clock.set(new Date());
  });

  it('during a member’s quiet hours only their devices stay silent', async () => {
    clock.set(new Date('2026-11-25T23:30:00Z'));
    const { admin, member, devices } = await team();
    await member.client.put('/v1/me/delivery-preferences', {
      emailNotifications: false,
      quietHours: { start: '22:00', end: '07:00' },
    });
    const flowId = await createFlow(admin.client);
    await notify(app, admin.apiKey, { flowId, data: { name: 'Gus' } });
    const [adminPush] = await stub.waitForMessages(devices[0]!, 1);
    const [memberPush] = await stub.waitForMessages(devices[1]!, 1);
    expect(adminPush!.payload.silent).toBe(false);
    expect(memberPush!.payload.silent).toBe(true);
    clock.set(new Date());
  });
});

describe('escalation › survives a crash', () => {
  it(
    'a server killed with -9 between acceptance and the target still escalates once after restart',
    { timeout: 2 * WITH_SERVER_PROCESS_MS },
    async () => {
      const database = await createTestDatabase({ migrated: false });
      const smtp = await startSmtpSink();
      const env = {
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        PUSH_SERVICE_HOSTS: stub.host,
        NODE_EXTRA_CA_CERTS: stub.caFile,
        ...sharedSecretsEnv(),
      };
      const first = await startServerProcess(env);
      let second: Awaited<ReturnType<typeof startServerProcess>> | null = null;
      try {
        const owner = await onboardedOwner({ baseUrl: first.baseUrl, smtp });
        await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
        const device = stub.createSubscription();
        expect((await owner.client.post('/v1/push-subscriptions', device.subscription)).status).toBe(201);
        const flowId = await createFlow(owner.client);
        await owner.client.put(`/v1/flows/${flowId}`, {
          name: 'Contact form',
          title: 'New lead: {{name}}',
          message: '{{name}} wrote: {{question}}',
          responseTargetMinutes: 1,
        });
        const lead = await notify({ baseUrl: first.baseUrl }, owner.apiKey, { flowId, data: { name: 'Hal' } });
        await stub.waitForMessages(device.id, 1);
        const db = new (await import('pg')).default.Client({ connectionString: database.url });
        await db.connect();
        // Killed once the lead's push is recorded and its escalation planned by the settle (decision
        // 069): a kill between a push and its record re-sends that push once its claim runs out
        // (decision 067), which crash-safety tests cover.
        await expect
          .poll(
            async () =>
              (
                await db.query(
                  `select (select count(*)::int from deliveries where notification_id = $1 and status = 'delivered')
                        + (select count(*)::int from lead_escalations where notification_id = $1 and stage = 1) as ready`,
                  [lead.id],
                )
              ).rows[0].ready,
            { timeout: 10_000 },
          )
          .toBe(2);
        await first.stop('SIGKILL');

        // The minute passes while the server is down (moved, not waited for), then it starts again.
        await db.query(
          `update lead_escalations set due_at = due_at - interval '1 minute' where notification_id = $1 and stage = 1`,
          [lead.id],
        );
        second = await startServerProcess(env);
        const [, escalation] = await stub.waitForMessages(device.id, 2, 20_000);
        expect(escalation!.payload).toMatchObject({ notificationId: lead.id, escalation: true });
        await sleep(2000);
        expect(stub.messagesFor(device.id)).toHaveLength(2);
        const { rows } = await db.query('select escalation_stage from notifications where id = $1', [lead.id]);
        expect(rows[0].escalation_stage).toBe(1);
        await db.end();
      } finally {
        await second?.stop();
        await first.stop('SIGKILL');
        await smtp.close();
      }
    },
  );
});

describe('digests › the weekly email', () => {
  it('on Monday from 08:00 in the business’s zone, admins get last week against the week before, once', async () => {
    // A Sunday: no weekly email is due while the business is set up.
    clock.set(new Date('2026-11-22T12:00:00Z'));
    const admin = await onboardedOwner(app, { plan: 'pro', entityName: 'Weekly Homes' });
    const member = await joinedTeammate(app, admin);
    await admin.client.patch(`/v1/entities/${admin.entityId}`, { timeZone: 'America/New_York' });
    const flowId = await createFlow(admin.client, { name: 'Contact form' });
    // Last week (16–22 Nov, New York): three evening leads never claimed, one answered in 2 minutes.
    // A lead never claimed is seeded as the worker leaves it past its target: escalated (stage 1).
    const seed = async (createdAt: string, claimedAfterMinutes: number | null) =>
      app.pool.query(
        `insert into notifications (entity_id, flow_id, title, message, created_at, response_started_at, response_target_seconds,
                                    first_claimed_at, first_claimed_by, escalation_stage)
         values ($1, $2, $3, 'Message', $4::timestamptz, $4::timestamptz, 300,
                 $4::timestamptz + make_interval(mins => $5::int), case when $5::int is null then null else $6 end,
                 case when $5::int is null then 1 else 0 end)`,
        [admin.entityId, flowId, `Lead at ${createdAt}`, createdAt, claimedAfterMinutes, member.userId],
      );
    await seed('2026-11-17T00:30:00Z', null); // Mon 19:30 New York
    await seed('2026-11-18T01:00:00Z', null); // Tue 20:00
    await seed('2026-11-19T23:15:00Z', null); // Thu 18:15
    await seed('2026-11-20T15:00:00Z', 2); // Fri 10:00
    // Two submissions held as spam last week (decision 039): told apart, never counted as leads.
    for (const createdAt of ['2026-11-18T10:00:00Z', '2026-11-19T10:00:00Z'])
      await app.pool.query(
        `insert into notifications (entity_id, flow_id, title, message, created_at, lead_status, spam_reasons)
         values ($1, $2, 'Pitch', 'Buy backlinks', $3::timestamptz, 'spam', '[{"code": "spam_phrases", "points": 9}]')`,
        [admin.entityId, flowId, createdAt],
      );
    // The week before (9–15 Nov): two leads, one answered in 3 minutes, one after 12.
    await seed('2026-11-10T15:00:00Z', 3);
    await seed('2026-11-12T15:00:00Z', 12);
    const mailsBefore = app.smtp.count();

    clock.set(new Date('2026-11-23T12:59:00Z')); // Monday 07:59 in New York: not yet.
    await sleep(1500);
    expect(mailsTo(admin.email, /your week in leads/, mailsBefore)).toEqual([]);
    clock.set(new Date('2026-11-23T13:00:30Z')); // 08:00:30
    await expect
      .poll(() => mailsTo(admin.email, /^Weekly Homes: your week in leads$/, mailsBefore).length, { timeout: 10_000 })
      .toBe(1);
    const mail = mailsTo(admin.email, /your week in leads/, mailsBefore)[0]!;
    const text = mail.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('Leads: 4 (the week before: 2)');
    expect(text).toContain('Answered within target: 25% (the week before: 50%)');
    expect(text).toContain('Median time to claim: 2 min (the week before: 3 min)');
    expect(text).toContain('3 of 3 missed leads arrived after 6 pm');
    expect(text).toContain('Held as spam: 2 submissions.');
    // The slowest answers are last week's three missed leads, each linked to its card; nothing of the week before.
    expect(text).toContain('The slowest answers:');
    for (const at of ['2026-11-17T00:30:00Z', '2026-11-18T01:00:00Z', '2026-11-19T23:15:00Z'])
      expect(text).toContain(`Lead at ${at} (never claimed)`);
    expect(text).not.toContain('Lead at 2026-11-12');
    expect(text).toMatch(/\/leads\/[0-9a-f-]{36}/);
    await sleep(1500);
    expect(mailsTo(admin.email, /your week in leads/, mailsBefore)).toHaveLength(1);
    expect(mailsTo(member.email, /your week in leads/, mailsBefore)).toEqual([]);
    clock.set(new Date());
  });
});
