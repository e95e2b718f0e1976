import { SignUpSchema } from '@leadbell/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../test/http-client.ts';
import {
  inviteByEmail,
  joinedTeammate,
  onboardedOwner,
  PASSWORD,
  signedInOwner,
  uniqueEmail,
} from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

type Admin = Awaited<ReturnType<typeof onboardedOwner>>;

const invite = (admin: Admin, options?: Parameters<typeof inviteByEmail>[2]) => inviteByEmail(app, admin, options);

/** A sign-up from the link, from a browser of its own (its own address, so its own allowance). */
async function signUpFromLink(
  token: string,
  body: Record<string, unknown> = { name: 'Bo Newcomer', password: PASSWORD },
) {
  const client = createHttpClient(app);
  return { client, response: await client.post(`/v1/invitations/${token}/sign-up`, body) };
}

async function accountsOf(email: string) {
  const { rows } = await app.pool.query<{ email_verified: boolean; entity_id: string | null }>(
    'select email_verified, entity_id from users where email = $1',
    [email],
  );
  return rows;
}

async function statusOf(token: string): Promise<string> {
  return (await createHttpClient(app).get(`/v1/invitations/${token}`)).body.status;
}

describe('team › signing up from an invitation link (decision 045)', () => {
  it('creates a verified account for the invited address, signed in and joined at once, with no code mailed', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro', entityName: 'Acme Homes' });
    const invitation = await invite(admin, { role: 'user' });
    const mailsBefore = app.smtp.count();

    // An address in the body is not the server's business: the invitation names the account.
    const elsewhere = uniqueEmail('not-invited');
    const { client, response } = await signUpFromLink(invitation.token, {
      name: 'Bo Newcomer',
      email: elsewhere,
      password: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ entityId: admin.entityId });
    expect(response.headers.getSetCookie().join('\n')).toMatch(/session_token=.+HttpOnly/i);
    expect(response.headers.get('cache-control')).toBe('no-store');

    const me = (await client.get('/v1/me')).body;
    expect(me).toMatchObject({
      user: { email: invitation.email, name: 'Bo Newcomer', role: 'user', entityId: admin.entityId },
      onboardingStep: 'complete',
    });
    expect(await accountsOf(invitation.email)).toEqual([{ email_verified: true, entity_id: admin.entityId }]);
    expect(await accountsOf(elsewhere)).toEqual([]);
    // The bearer token answered beside the cookie is the same session.
    const bearer = response.headers.get('set-auth-token');
    expect(bearer).toBeTruthy();
    const byBearer = await fetch(`${app.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(((await byBearer.json()) as { user: { email: string } }).user.email).toBe(invitation.email);

    // No code was made, and none mailed: an ordinary sign-up's code after it arrives alone.
    const { rows } = await app.pool.query('select 1 from verifications where identifier like $1', [
      `%${invitation.email}`,
    ]);
    expect(rows).toEqual([]);
    const later = uniqueEmail('later');
    await createHttpClient(app).post('/v1/auth/sign-up/email', { name: 'Lee Later', email: later, password: PASSWORD });
    await app.smtp.waitForCode(later, { after: mailsBefore });
    expect(app.smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(invitation.email))).toEqual([]);

    expect(await statusOf(invitation.token)).toBe('used');
    const team = (await admin.client.get('/v1/team')).body;
    expect(team.members.map((member: { name: string }) => member.name)).toEqual(['Ann Owner', 'Bo Newcomer']);
    expect(team.invitations).toEqual([]);
    expect(team.seats).toEqual({ used: 2, included: 3 });
    // The password was stored by better-auth as any other: the ordinary sign-in takes it.
    const again = await createHttpClient(app).post('/v1/auth/sign-in/email', {
      email: invitation.email,
      password: PASSWORD,
    });
    expect(again.status).toBe(200);
  });

  it('the invited role comes with it', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const invitation = await invite(admin, { role: 'admin' });
    const { client, response } = await signUpFromLink(invitation.token);
    expect(response.status).toBe(200);
    expect((await client.get('/v1/me')).body.user.role).toBe('admin');
  });

  it('a made-up link answers 404; an expired, withdrawn or used one 410; none creates an account', async () => {
    const admin = await onboardedOwner(app, { plan: 'elite' });
    const madeUp = await signUpFromLink('lbi_made-up');
    expect(madeUp.response.status).toBe(404);
    expect(madeUp.response.headers.getSetCookie()).toEqual([]);

    const expired = await invite(admin);
    await app.pool.query("update entity_invitations set expires_at = now() - interval '1 minute' where id = $1", [
      expired.id,
    ]);
    const withdrawn = await invite(admin);
    expect((await admin.client.delete(`/v1/team/invitations/${withdrawn.id}`)).status).toBe(204);
    for (const [invitation, reason] of [
      [expired, /expired/],
      [withdrawn, /withdrawn/],
    ] as const) {
      const { response } = await signUpFromLink(invitation.token);
      expect(response.status).toBe(410);
      expect(response.body.error).toMatchObject({
        code: 'invitation_unavailable',
        message: expect.stringMatching(reason),
      });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await accountsOf(invitation.email)).toEqual([]);
    }

    const used = await invite(admin);
    expect((await signUpFromLink(used.token)).response.status).toBe(200);
    const twice = await signUpFromLink(used.token, { name: 'Someone Else', password: 'An0ther-pass!' });
    expect(twice.response.status).toBe(410);
    expect(twice.response.body.error.message).toMatch(/already been used/);
    expect(await accountsOf(used.email)).toHaveLength(1);
  });

  it('an address that already has an account answers 409 and changes nothing: they sign in instead', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const invitation = await invite(admin);
    const existing = await signedInOwner(app, { email: invitation.email, name: 'Ex Isting' });

    const { response } = await signUpFromLink(invitation.token, { name: 'Im Poster', password: 'An0ther-pass!' });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'user_exists', message: expect.stringMatching(/Sign in/) });
    expect(response.headers.getSetCookie()).toEqual([]);

    expect(await statusOf(invitation.token)).toBe('pending');
    expect(await accountsOf(invitation.email)).toEqual([{ email_verified: true, entity_id: null }]);
    expect((await existing.client.get('/v1/me')).body.user.name).toBe('Ex Isting');
    const withOld = await createHttpClient(app).post('/v1/auth/sign-in/email', {
      email: invitation.email,
      password: PASSWORD,
    });
    expect(withOld.status).toBe(200);
    // Signing in and accepting, as before, still joins.
    expect((await existing.client.post(`/v1/invitations/${invitation.token}/accept`)).status).toBe(200);
  });

  it('a bad name or password answers 400 on the field with the sign-up form’s message', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const invitation = await invite(admin);
    const { response } = await signUpFromLink(invitation.token, { name: 'B', password: 'password' });
    expect(response.status).toBe(400);
    const expected = SignUpSchema.pick({ name: true, password: true }).safeParse({ name: 'B', password: 'password' });
    const messagesOf = (field: string) => [
      ...new Set(expected.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message)),
    ];
    expect(response.body.error.details.fields).toEqual({ name: messagesOf('name'), password: messagesOf('password') });
    expect(await accountsOf(invitation.email)).toEqual([]);
    expect(await statusOf(invitation.token)).toBe('pending');
  });

  it('without a free seat it refuses as accepting does, and leaves no account', async () => {
    const admin = await onboardedOwner(app, { plan: 'elite' });
    await joinedTeammate(app, admin);
    const invitation = await invite(admin);
    const other = await invite(admin);
    // A plan that no longer covers the members, however it came about: Growth has 1 seat.
    await app.pool.query("update entities set plan = 'growth' where id = $1", [admin.entityId]);

    const { response } = await signUpFromLink(invitation.token);
    expect(response.status).toBe(402);
    expect(response.body.error.code).toBe('seat_limit_reached');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await accountsOf(invitation.email)).toEqual([]);
    expect(await statusOf(invitation.token)).toBe('pending');

    const person = await signedInOwner(app, { email: other.email });
    const accepted = await person.client.post(`/v1/invitations/${other.token}/accept`);
    expect(accepted.status).toBe(402);
    expect(accepted.body.error.code).toBe('seat_limit_reached');
  });

  it('the same link used twice at once makes one account', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const invitation = await invite(admin);
    const answers = await Promise.all([signUpFromLink(invitation.token), signUpFromLink(invitation.token)]);
    const statuses = answers.map(({ response }) => response.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 410]).toContain(statuses[1]);
    expect(await accountsOf(invitation.email)).toEqual([{ email_verified: true, entity_id: admin.entityId }]);
    expect((await admin.client.get('/v1/team')).body.seats).toEqual({ used: 2, included: 3 });
  });

  it('only the console’s origin may call it, and an address gets 3 tries in 10 seconds', async () => {
    const admin = await onboardedOwner(app, { plan: 'pro' });
    const invitation = await invite(admin);
    const client = createHttpClient(app);
    const path = `/v1/invitations/${invitation.token}/sign-up`;
    const foreign = await client.post(
      path,
      { name: 'Bo Newcomer', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);

    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await client.post(path, { name: 'B', password: 'weak' })).status).toBe(400);
    const throttled = await client.post(path, { name: 'Bo Newcomer', password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe('rate_limited');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await accountsOf(invitation.email)).toEqual([]);
    // Another address is not held back by this one.
    expect((await signUpFromLink(invitation.token)).response.status).toBe(200);
  });
});
