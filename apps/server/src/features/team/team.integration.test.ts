import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, openEventStream } from '../../../test/event-stream.ts';
import { createHttpClient, type HttpClient } from '../../../test/http-client.ts';
import {
  createFlow,
  inviteByEmail,
  joinedTeammate,
  notify,
  onboardedOwner,
  PASSWORD,
  signedInOwner,
  uniqueEmail,
} from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createTestClock } from '../../../test/test-clock.ts';

let app: TestApp;
let stub: PushServiceStub;

beforeAll(async () => {
  stub = await startPushServiceStub();
  app = await startTestApp(
    { PUSH_SERVICE_HOSTS: stub.host, NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' },
    undefined,
    {
      pushCa: stub.ca,
    },
  );
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
});

type Admin = Awaited<ReturnType<typeof onboardedOwner>>;

const invite = (admin: Admin, options?: Parameters<typeof inviteByEmail>[2]) => inviteByEmail(app, admin, options);
const join = (admin: Admin, role: 'user' | 'admin' = 'user') => joinedTeammate(app, admin, { role });

describe('team › invitations', () => {
  it('the link shows who invites to which business; the invitee signs up with it and joins with the role', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro', entityName: 'Acme Homes' });
    const invitation = await invite(admin, { role: 'admin' });
    expect(invitation.mail.subject).toBe('Ann Owner invited you to Acme Homes on Leadbell');
    expect(invitation.link).toBe(`${app.baseUrl}/invite/${invitation.token}`);
    const { rows } = await app.pool.query('select token_hash from entity_invitations where id = $1', [invitation.id]);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(invitation.token);

    const preview = (await (await fetch(`${app.baseUrl}/v1/invitations/${invitation.token}`)).json()) as {
      expiresAt: string;
    };
    const WEEK_MS = 7 * 24 * 3600_000;
    expect(Math.abs(Date.parse(preview.expiresAt) - (Date.now() + WEEK_MS))).toBeLessThan(60_000);
    expect(preview).toEqual({
      entityName: 'Acme Homes',
      invitedBy: 'Ann Owner',
      email: invitation.email,
      role: 'admin',
      status: 'pending',
      expiresAt: expect.any(String),
    });

    const person = await signedInOwner(app, { email: invitation.email, name: 'Bo Newcomer' });
    expect((await person.client.get('/v1/me')).body.onboardingStep).toBe('entity');
    expect((await person.client.post(`/v1/invitations/${invitation.token}/accept`)).body).toEqual({
      entityId: admin.entityId,
    });
    const me = (await person.client.get('/v1/me')).body;
    expect(me).toMatchObject({ user: { role: 'admin', entityId: admin.entityId }, onboardingStep: 'complete' });
    // Whom a member asks for admin-only things: the /unauthorized page names them.
    expect([...me.admins].sort()).toEqual(['Ann Owner', 'Bo Newcomer']);
    expect((await createHttpClient(app).get(`/v1/invitations/${invitation.token}`)).body.status).toBe('used');
    const team = (await admin.client.get('/v1/team')).body;
    expect(team.members.map((member: { name: string }) => member.name)).toEqual(['Ann Owner', 'Bo Newcomer']);
    expect(team.invitations).toEqual([]);
    expect(team.seats).toEqual({ used: 2, included: 3 });
  });

  it('expired, withdrawn, replaced and unknown links each say so', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const expired = await invite(admin);
    await app.pool.query("update entity_invitations set expires_at = now() - interval '1 minute' where id = $1", [
      expired.id,
    ]);
    const withdrawn = await invite(admin);
    expect((await admin.client.delete(`/v1/team/invitations/${withdrawn.id}`)).status).toBe(204);
    const replaced = await invite(admin);
    await app.pool.query("update entity_invitations set created_at = now() - interval '2 hours' where id = $1", [
      replaced.id,
    ]);
    const replacement = await invite(admin, { email: replaced.email });

    const statusOf = async (token: string) => (await createHttpClient(app).get(`/v1/invitations/${token}`)).body.status;
    expect(await statusOf(expired.token)).toBe('expired');
    expect(await statusOf(withdrawn.token)).toBe('revoked');
    expect(await statusOf(replaced.token)).toBe('revoked');
    expect(await statusOf(replacement.token)).toBe('pending');
    expect((await fetch(`${app.baseUrl}/v1/invitations/lbi_unknown`)).status).toBe(404);

    const person = await signedInOwner(app, { email: expired.email });
    const refused = await person.client.post(`/v1/invitations/${expired.token}/accept`);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toMatchObject({
      code: 'invitation_unavailable',
      message: expect.stringMatching(/expired/),
    });
  });

  it('only the invited address may accept, and nobody is moved from another business', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const invitation = await invite(admin);
    const stranger = await signedInOwner(app);
    const wrong = await stranger.client.post(`/v1/invitations/${invitation.token}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toContain(invitation.email);

    // Invited while in no business, then creates one before opening the link.
    const elsewhere = await signedInOwner(app);
    const second = await invite(admin, { email: elsewhere.email });
    const created = await elsewhere.client.post('/v1/entities', { name: 'Other Business' });
    expect(created.status).toBe(201);
    const moved = await elsewhere.client.post(`/v1/invitations/${second.token}/accept`);
    expect(moved.status).toBe(409);
    expect(moved.body.error).toMatchObject({
      code: 'already_in_entity',
      message: expect.stringContaining('Other Business'),
    });
    expect((await elsewhere.client.get('/v1/me')).body.user.entityId).toBe(created.body.id);
  });

  it('a member already in the team cannot be invited again; a bad email answers 400 on the field', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const member = await join(admin);
    const again = await admin.client.post('/v1/team/invitations', { email: member.email, role: 'user' });
    expect(again.status).toBe(400);
    expect(again.body.error.details.fields.email).toEqual(['This person is already in your team.']);
    // Someone in another business could never accept: refused before it takes a seat (issue 25).
    const elsewhere = await onboardedOwner(app);
    const taken = await admin.client.post('/v1/team/invitations', { email: elsewhere.email, role: 'user' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.details.fields.email).toEqual([
      'This person already belongs to another business on Leadbell. They need to leave it before they can join yours.',
    ]);
    expect((await admin.client.get('/v1/team')).body.invitations).toEqual([]);
    const bad = await admin.client.post('/v1/team/invitations', { email: 'not-an-email', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fields).sort()).toEqual(['email', 'role']);
  });

  it('invitation emails are throttled per business, resent ones included, and an hour later it may send again', async () => {
    const admin = await onboardedOwner(app, { plan: 'elite' });
    const first = await invite(admin);
    // Resending is limited to once a minute per link: make the last send a minute old each time.
    const aMinuteAgo = () =>
      app.pool.query("update entity_invitations set sent_at = now() - interval '61 seconds' where id = $1", [first.id]);
    for (let resend = 0; resend < 18; resend += 1) {
      await aMinuteAgo();
      expect((await admin.client.post(`/v1/team/invitations/${first.id}/resend`)).status).toBe(200);
    }
    expect(app.smtp.received.filter((mail) => mail.to.includes(first.email))).toHaveLength(19);
    await invite(admin);
    const throttled = await admin.client.post('/v1/team/invitations', { email: uniqueEmail(), role: 'user' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.message).toBe('At most 20 invitation emails an hour. Try again later.');
    expect(throttled.headers.get('retry-after')).toBe('3600');
    await aMinuteAgo();
    expect((await admin.client.post(`/v1/team/invitations/${first.id}/resend`)).status).toBe(429);

    await app.pool.query("update invitation_mails set sent_at = now() - interval '61 minutes' where entity_id = $1", [
      admin.entityId,
    ]);
    expect((await admin.client.post('/v1/team/invitations', { email: uniqueEmail(), role: 'user' })).status).toBe(201);
  });
});

describe('team › seats', () => {
  it('on Pro the fourth seat, a member or an invitation, answers 402; revoking an invitation frees it', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    await join(admin);
    const pending = await invite(admin);
    const fourth = await admin.client.post('/v1/team/invitations', { email: uniqueEmail(), role: 'user' });
    expect(fourth.status).toBe(402);
    expect(fourth.body.error).toEqual({
      code: 'seat_limit_reached',
      message: 'Your Pro plan includes 3 users. Upgrade to Elite to invite more.',
      requestId: expect.any(String),
    });
    expect((await admin.client.get('/v1/team')).body.seats).toEqual({ used: 3, included: 3 });
    expect((await admin.client.delete(`/v1/team/invitations/${pending.id}`)).status).toBe(204);
    expect((await admin.client.post('/v1/team/invitations', { email: uniqueEmail(), role: 'user' })).status).toBe(201);
  });

  it('a plan with fewer seats than the team is refused with how many to remove; a smaller pending plan limits invitations', async () => {
    const admin = await onboardedOwner(app, { plan: 'elite' });
    await join(admin);
    await invite(admin);
    const toGrowth = await admin.client.put(`/v1/entities/${admin.entityId}/plan`, { plan: 'growth' });
    expect(toGrowth.status).toBe(402);
    expect(toGrowth.body.error.message).toBe(
      'The Growth plan includes 1 user; your team has 3 (members and pending invitations). Remove 2 people first.',
    );
    expect((await admin.client.put(`/v1/entities/${admin.entityId}/plan`, { plan: 'pro' })).status).toBe(200);
    // Pro starts next month: its 3 seats already bound invitations.
    const fourth = await admin.client.post('/v1/team/invitations', { email: uniqueEmail(), role: 'user' });
    expect(fourth.status).toBe(402);
  });
});

describe('team › members', () => {
  it('the last admin can be neither demoted nor removed, nor leave; another admin makes it possible', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const me = (await admin.client.get('/v1/me')).body.user.id;
    for (const attempt of [
      admin.client.patch(`/v1/team/members/${me}`, { role: 'user' }),
      admin.client.delete(`/v1/team/members/${me}`),
      admin.client.post('/v1/team/leave'),
    ]) {
      const response = await attempt;
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('last_admin');
    }
    const member = await join(admin);
    const promoted = await admin.client.patch(`/v1/team/members/${member.userId}`, { role: 'admin' });
    expect(promoted.body).toMatchObject({ role: 'admin', name: 'Mo Member', isYou: false });
    // The role applies to the member's very next request.
    expect((await member.client.get('/v1/api-keys')).status).toBe(200);
    expect((await admin.client.patch(`/v1/team/members/${me}`, { role: 'user' })).status).toBe(200);
    expect((await admin.client.get('/v1/team')).status).toBe(403);
  });

  it('removing someone signs them out at once, closes their live stream, drops their devices and frees the seat', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const member = await join(admin);
    const { subscription } = stub.createSubscription();
    expect((await member.client.post('/v1/push-subscriptions', subscription)).status).toBe(201);
    const stream = await openEventStream(app.baseUrl, cookieOf(member.client));
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));

    expect((await admin.client.delete(`/v1/team/members/${member.userId}`)).status).toBe(204);
    expect((await member.client.get('/v1/flows')).status).toBe(401);
    await stream.ended;
    const { rows } = await app.pool.query(
      'select count(*)::int as devices from push_subscriptions where user_id = $1',
      [member.userId],
    );
    expect(rows[0].devices).toBe(0);
    expect((await admin.client.get('/v1/team')).body.seats).toEqual({ used: 1, included: 3 });
    expect((await admin.client.delete(`/v1/team/members/${member.userId}`)).status).toBe(404);
    // The next lead goes to the admin alone: no push and no email copy for the one who left.
    const lead = await notify(app, admin.apiKey, { flowId: await createFlow(admin.client) });
    const recipients = async () =>
      (await app.pool.query('select user_id from deliveries where notification_id = $1', [lead.id])).rows.map(
        (row) => row.user_id as string,
      );
    // The delivery worker takes the lead in after its 202 (decision 038).
    await expect.poll(recipients).not.toEqual([]);
    expect(await recipients()).not.toContain(member.userId);
  });

  it('a member can leave; they may then start a business of their own', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const member = await join(admin);
    expect((await member.client.post('/v1/team/leave')).status).toBe(204);
    expect((await member.client.get('/v1/me')).status).toBe(401);
    const again = await signedInOwnerAgain(member.email);
    expect((await again.get('/v1/me')).body).toMatchObject({
      user: { entityId: null, role: 'admin' },
      onboardingStep: 'entity',
    });
    expect((await again.post('/v1/entities', { name: 'Mo’s Own' })).status).toBe(201);
  });
});

describe('team › every member’s phone rings', () => {
  it('3 members with 2 devices each: 6 pushes, and the delivery detail names each member', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const people: Array<{ client: HttpClient; name: string }> = [{ client: admin.client, name: 'Ann Owner' }];
    for (const _ of [1, 2]) people.push({ client: (await join(admin)).client, name: 'Mo Member' });
    const stubIds: string[] = [];
    for (const person of people) {
      await person.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
      for (const _ of [1, 2]) {
        const { id, subscription } = stub.createSubscription();
        stubIds.push(id);
        expect((await person.client.post('/v1/push-subscriptions', subscription)).status).toBe(201);
      }
    }
    const flowId = await createFlow(admin.client);
    const accepted = await notify(app, admin.apiKey, { flowId, data: { name: 'Lead' } });
    for (const stubId of stubIds) expect(await stub.waitForMessages(stubId, 1)).toHaveLength(1);
    await expect
      .poll(async () => (await admin.client.get(`/v1/notifications/${accepted.id}/deliveries`)).body.data)
      .toSatisfy((deliveries: Array<{ status: string }>) =>
        deliveries.every((delivery) => delivery.status === 'delivered'),
      );
    const detail = (await admin.client.get(`/v1/notifications/${accepted.id}/deliveries`)).body.data as Array<{
      channel: string;
      recipient: { userId: string; name: string };
    }>;
    expect(detail).toHaveLength(6);
    const perMember = new Map<string, number>();
    for (const { recipient } of detail) perMember.set(recipient.userId, (perMember.get(recipient.userId) ?? 0) + 1);
    expect([...perMember.values()]).toEqual([2, 2, 2]);
    expect(detail.every((delivery) => delivery.channel === 'push')).toBe(true);
  });
});

async function signedInOwnerAgain(email: string): Promise<HttpClient> {
  const client = createHttpClient(app);
  const response = await client.post('/v1/auth/sign-in/email', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return client;
}

describe('team › on the app’s clock (decision 025)', () => {
  const clock = createTestClock(new Date());
  let timed: TestApp;
  beforeAll(async () => {
    timed = await startTestApp({}, undefined, { clock });
  });
  afterAll(async () => timed?.close());

  it('a week on the clock expires an invitation: its link says so and its seat is free again', async () => {
    const admin = await onboardedOwner(timed, { plan: 'pro' });
    const invitation = await inviteByEmail(timed, admin);
    const statusOf = async () =>
      ((await (await fetch(`${timed.baseUrl}/v1/invitations/${invitation.token}`)).json()) as { status: string })
        .status;
    expect(await statusOf()).toBe('pending');
    expect((await admin.client.get('/v1/team')).body.seats.used).toBe(2);

    clock.set(new Date(clock.now().getTime() + 7 * 24 * 3600_000 + 60_000));
    expect(await statusOf()).toBe('expired');
    const team = (await admin.client.get('/v1/team')).body;
    expect(team.seats.used).toBe(1);
    expect(team.invitations).toMatchObject([{ id: invitation.id, isExpired: true }]);
  });
});
