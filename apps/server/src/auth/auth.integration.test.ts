import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../test/http-client.ts';
import { PASSWORD, signedInOwner, uniqueEmail } from '../../test/owners.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe('identity', () => {
  it('sign-up mails a 6-digit code, sign-in waits for it, and verifying signs the user in as an admin', async () => {
    const client = createHttpClient(app);
    const email = uniqueEmail();
    const before = app.smtp.count();
    const signUp = await client.post('/v1/auth/sign-up/email', {
      name: "  Zoë O'Brien-Smith ",
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(signUp.status).toBe(200);

    const mail = await app.smtp.waitForMail(email, { after: before });
    expect(mail.subject).toBe('Your Leadbell verification code');
    expect(mail.raw).toContain('valid for 24 hours');
    expect(mail.raw).toContain("Didn't ask for this?");

    const early = await client.post('/v1/auth/sign-in/email', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('email_not_verified');

    const otp = await app.smtp.waitForCode(email, { after: before });
    const verified = await client.post('/v1/auth/email-otp/verify-email', { email, otp });
    expect(verified.status).toBe(200);

    const me = await client.get('/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: { id: expect.any(String), email, name: "Zoë O'Brien-Smith", role: 'admin', entityId: null },
      entity: null,
      admins: [],
      onboardingStep: 'entity',
    });
  });

  it('the session cookie is httpOnly and SameSite=Lax, and the same session works as a bearer token', async () => {
    const client = createHttpClient(app);
    const { email } = await signedInOwner(app);
    const signIn = await client.post('/v1/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((value) => value.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const token = signIn.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const bearerMe = await createHttpClient(app, { bearer: token! }).get('/v1/me');
    expect(bearerMe.status).toBe(200);
    expect(bearerMe.body.user.email).toBe(email);
  });

  it('sign-out ends the session on the server', async () => {
    const { client } = await signedInOwner(app);
    const stolenCookies = new Map(client.cookies);
    expect((await client.post('/v1/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/v1/me')).status).toBe(401);

    const replay = createHttpClient(app);
    for (const [name, value] of stolenCookies) replay.cookies.set(name, value);
    expect((await replay.get('/v1/me')).status).toBe(401);
  });

  it('a second sign-up with the same email answers user_exists', async () => {
    const { email } = await signedInOwner(app);
    const again = await createHttpClient(app).post('/v1/auth/sign-up/email', {
      name: 'Other',
      email,
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('user_exists');
  });

  it('sign-in tells an unknown email from a wrong password', async () => {
    const { email } = await signedInOwner(app);
    const client = createHttpClient(app);
    const unknown = await client.post('/v1/auth/sign-in/email', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('user_not_found');
    const wrong = await client.post('/v1/auth/sign-in/email', { email, password: 'Wr0ng-password!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
  });

  it('a wrong code answers invalid_code and the right one still works', async () => {
    const client = createHttpClient(app);
    const email = uniqueEmail();
    const before = app.smtp.count();
    await client.post('/v1/auth/sign-up/email', { name: 'Ann', email, password: PASSWORD });
    const otp = await app.smtp.waitForCode(email, { after: before });
    const wrongCode = otp === '000000' ? '111111' : '000000';
    const wrong = await client.post('/v1/auth/email-otp/verify-email', { email, otp: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_code');
    expect((await client.post('/v1/auth/email-otp/verify-email', { email, otp })).status).toBe(200);
  });

  it('a POST without an allowed Origin is refused', async () => {
    const response = await fetch(`${app.baseUrl}/v1/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
    });
    expect(response.status).toBe(403);
  });
});

describe('identity › codes and limits', () => {
  async function signUpUnverified() {
    const email = uniqueEmail();
    const before = app.smtp.count();
    await createHttpClient(app).post('/v1/auth/sign-up/email', { name: 'Ann', email, password: PASSWORD });
    return { email, otp: await app.smtp.waitForCode(email, { after: before }) };
  }

  it('five wrong codes spend the code: even the right one is refused afterwards', async () => {
    const { email, otp } = await signUpUnverified();
    const wrongCode = otp === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await createHttpClient(app).post('/v1/auth/email-otp/verify-email', { email, otp: wrongCode });
      expect(wrong.body.error.code).toBe('invalid_code');
    }
    const right = await createHttpClient(app).post('/v1/auth/email-otp/verify-email', { email, otp });
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe('too_many_attempts');
  });

  it('an expired verification code answers code_expired', async () => {
    const { email, otp } = await signUpUnverified();
    await app.pool.query(`update verifications set expires_at = now() - interval '1 second' where identifier = $1`, [
      `email-verification-otp-${email}`,
    ]);
    const expired = await createHttpClient(app).post('/v1/auth/email-otp/verify-email', { email, otp });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('code_expired');
  });

  it('verification codes last 24 hours and reset codes 1 hour', async () => {
    const { email } = await signUpUnverified();
    const before = app.smtp.count();
    expect((await createHttpClient(app).post('/v1/auth/email-otp/request-password-reset', { email })).status).toBe(200);
    const resetMail = await app.smtp.waitForMail(email, { after: before });
    expect(resetMail.subject).toBe('Reset your Leadbell password');
    expect(resetMail.raw).toContain('valid for 1 hour');
    const { rows } = await app.pool.query<{ identifier: string; seconds: number }>(
      `select identifier, extract(epoch from expires_at - now())::int as seconds from verifications where identifier like $1`,
      [`%-otp-${email}`],
    );
    const lifetime = Object.fromEntries(rows.map((row) => [row.identifier.split('-otp-')[0], row.seconds]));
    expect(lifetime['email-verification']).toBeGreaterThan(24 * 3600 - 60);
    expect(lifetime['forget-password']).toBeLessThanOrEqual(3600);
    expect(lifetime['forget-password']).toBeGreaterThan(3600 - 60);
  });

  it('after four failed sign-ins the account is locked with 429 and Retry-After, even for the right password', async () => {
    const { email } = await signedInOwner(app);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // A new address each time: the lock follows the account, not the address.
      const failed = await createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: 'Wr0ng-password!' });
      expect(failed.body.error.code).toBe('invalid_credentials');
    }
    const locked = await createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('account_locked');
    expect(locked.body.error.message).toMatch(
      /^Too many failed sign-ins on this account\. Try again in \d+ seconds, or sign in with a code we email you\.$/,
    );
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    const { email: otherEmail } = await signedInOwner(app);
    expect(
      (await createHttpClient(app).post('/v1/auth/sign-in/email', { email: otherEmail, password: PASSWORD })).status,
    ).toBe(200);
  });

  it("sign-ins with unknown emails count toward the address's lockout like wrong passwords", async () => {
    const { email } = await signedInOwner(app);
    // One address (TEST-NET-2, apart from the clients' TEST-NET-3 ones) tries 20 emails that have no account.
    const address = '198.51.100.20';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const unknown = await createHttpClient(app, { ip: address }).post('/v1/auth/sign-in/email', {
        email: uniqueEmail('nobody'),
        password: PASSWORD,
      });
      expect(unknown.body.error.code).toBe('user_not_found');
    }
    const locked = await createHttpClient(app, { ip: address }).post('/v1/auth/sign-in/email', {
      email,
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/Too many failed sign-ins/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (
        await createHttpClient(app, { ip: address }).post('/v1/auth/sign-in/email', {
          email: uniqueEmail('nobody'),
          password: PASSWORD,
        })
      ).status,
    ).toBe(429);
    // The account itself is not locked: from another address its owner signs in.
    expect((await createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('resetting the password with the emailed code ends every session and only the new password works', async () => {
    const { client, email } = await signedInOwner(app);
    const before = app.smtp.count();
    await createHttpClient(app).post('/v1/auth/email-otp/request-password-reset', { email });
    const otp = await app.smtp.waitForCode(email, { after: before });
    const newPassword = 'N3w-password!!';
    expect(
      (await createHttpClient(app).post('/v1/auth/email-otp/reset-password', { email, otp, password: newPassword }))
        .status,
    ).toBe(200);

    expect((await client.get('/v1/me')).status).toBe(401);
    expect(
      (await createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: PASSWORD })).body.error.code,
    ).toBe('invalid_credentials');
    expect((await createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: newPassword })).status).toBe(
      200,
    );
  });

  it('changing the password keeps this session and ends the others; a wrong current password is refused', async () => {
    const { client, email } = await signedInOwner(app);
    const otherDevice = createHttpClient(app);
    expect((await otherDevice.post('/v1/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const wrong = await client.post('/v1/auth/change-password', {
      currentPassword: 'Wr0ng-password!',
      newPassword: 'N3w-password!!',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');

    expect(
      (await client.post('/v1/auth/change-password', { currentPassword: PASSWORD, newPassword: 'N3w-password!!' }))
        .status,
    ).toBe(200);
    expect((await client.get('/v1/me')).status).toBe(200);
    expect((await otherDevice.get('/v1/me')).status).toBe(401);
  });

  it('a reset request for an unknown email answers user_not_found', async () => {
    const response = await createHttpClient(app).post('/v1/auth/email-otp/request-password-reset', {
      email: uniqueEmail('nobody'),
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('user_not_found');
  });
});

describe('identity › the lockout counts before it checks', () => {
  it('40 parallel wrong passwords from 40 addresses: 4 are checked, 36 answer 429 without a check', async () => {
    const { email } = await signedInOwner(app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: 'Wr0ng-password!' }),
      ),
    );
    const codes = answers.map((answer) => answer.body.error.code as string);
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(4);
    expect(codes.filter((code) => code === 'account_locked')).toHaveLength(36);
  });

  it('an attacker on other addresses cannot keep the owner out: a code from the owner’s email signs in and lifts the lock', async () => {
    const { email } = await signedInOwner(app);
    for (let attempt = 0; attempt < 6; attempt += 1)
      await createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: 'Wr0ng-password!' });
    const owner = createHttpClient(app);
    const locked = await owner.post('/v1/auth/sign-in/email', { email, password: PASSWORD });
    expect(locked.body.error.code).toBe('account_locked');

    const before = app.smtp.count();
    const sent = await owner.post('/v1/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(sent.status).toBe(200);
    const mail = await app.smtp.waitForMail(email, { after: before });
    expect(mail.subject).toBe('Your Leadbell sign-in code');
    const otp = await app.smtp.waitForCode(email, { after: before });
    const wrong = await owner.post('/v1/auth/sign-in/email-otp', {
      email,
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_code');
    const signedIn = await owner.post('/v1/auth/sign-in/email-otp', { email, otp });
    expect(signedIn.status).toBe(200);
    expect((await owner.get('/v1/me')).body.user.email).toBe(email);
    // The lock is lifted: the password works again, from anywhere.
    expect((await createHttpClient(app).post('/v1/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('a sign-in code is never mailed to an address without an account, and never creates one', async () => {
    const nobody = uniqueEmail('nobody');
    const client = createHttpClient(app);
    const before = app.smtp.count();
    expect(
      (await client.post('/v1/auth/email-otp/send-verification-otp', { email: nobody, type: 'sign-in' })).status,
    ).toBe(200);
    const guessed = await client.post('/v1/auth/sign-in/email-otp', { email: nobody, otp: '123456' });
    expect(guessed.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.smtp.received.slice(before).filter((mail) => mail.to.includes(nobody))).toEqual([]);
    const { rows } = await app.pool.query('select 1 from users where email = $1', [nobody]);
    expect(rows).toEqual([]);
  });
});

describe('identity › probing is throttled', () => {
  const WHOA = 'Whoa there — too many tries! Please wait a bit before your next attempt.';

  /**
   * 30 requests from one client address, every `knownEvery`-th for an email that has an account
   * and the others for emails that have none: the first 10 are answered, the rest meet 429.
   */
  async function probeFromOneClient(
    ip: string,
    knownEvery: number,
    body: (email: string) => Record<string, string>,
    path: string,
  ) {
    const { email: known } = await signedInOwner(app);
    const prober = createHttpClient(app, { ip });
    const answers = [];
    for (let attempt = 0; attempt < 30; attempt += 1)
      answers.push(await prober.post(path, body(attempt % knownEvery === 0 ? known : uniqueEmail('probe'))));
    expect(answers.slice(10).map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 429));
    expect(answers[10]!.body.error).toMatchObject({ code: 'rate_limited', message: WHOA });
    expect(Number(answers[10]!.headers.get('retry-after'))).toBeGreaterThan(0);
    return answers;
  }

  it('30 reset requests for different addresses from one client meet 429, known and unknown alike', async () => {
    const answers = await probeFromOneClient(
      '198.51.100.31',
      5,
      (email) => ({ email }),
      '/v1/auth/email-otp/request-password-reset',
    );
    expect(answers.slice(0, 10).every((answer) => answer.status === 200 || answer.status === 404)).toBe(true);
  });

  it('sign-ups that probe for existing accounts from one client meet 429 the same way', async () => {
    await probeFromOneClient(
      '198.51.100.32',
      2,
      (email) => ({ name: 'Pro Ber', email, password: PASSWORD }),
      '/v1/auth/sign-up/email',
    );
  });

  it('one address asked about from many clients meets 429 after 5 in the hour', async () => {
    const target = uniqueEmail('target');
    const answers = [];
    for (let attempt = 0; attempt < 8; attempt += 1)
      answers.push(await createHttpClient(app).post('/v1/auth/email-otp/request-password-reset', { email: target }));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    expect(answers[5]!.body.error.message).toBe(WHOA);
  });
});

describe('identity › bad input never answers 500', () => {
  const long = 'x'.repeat(10_000);
  const cases: Array<[string, string, unknown, string]> = [
    ['sign-up without fields', '/v1/auth/sign-up/email', {}, 'name'],
    ['sign-up with wrong types', '/v1/auth/sign-up/email', { name: 42, email: ['a'], password: true }, 'email'],
    [
      'sign-up with a 10 kB name',
      '/v1/auth/sign-up/email',
      { name: long, email: uniqueEmail(), password: PASSWORD },
      'name',
    ],
    [
      'sign-up with HTML in the name',
      '/v1/auth/sign-up/email',
      { name: '<script>alert(1)</script>', email: uniqueEmail(), password: PASSWORD },
      'name',
    ],
    [
      'sign-up with SQL in the email',
      '/v1/auth/sign-up/email',
      { name: 'Ann', email: "a@b.c'; drop table users;--", password: PASSWORD },
      'email',
    ],
    [
      'sign-up with a weak password',
      '/v1/auth/sign-up/email',
      { name: 'Ann', email: uniqueEmail(), password: 'password' },
      'password',
    ],
    ['sign-in with a 10 kB password', '/v1/auth/sign-in/email', { email: uniqueEmail(), password: long }, 'password'],
    ['verify with a 5-digit code', '/v1/auth/email-otp/verify-email', { email: uniqueEmail(), otp: '12345' }, 'otp'],
    ['verify with letters', '/v1/auth/email-otp/verify-email', { email: uniqueEmail(), otp: 'abcdef' }, 'otp'],
    [
      'verify with a unicode email',
      '/v1/auth/email-otp/verify-email',
      { email: 'zoë@例え.テスト', otp: '123456' },
      'email',
    ],
    ['resend without an email', '/v1/auth/email-otp/send-verification-otp', { type: 'email-verification' }, 'email'],
    [
      'resend for another purpose',
      '/v1/auth/email-otp/send-verification-otp',
      { email: uniqueEmail(), type: 'forget-password' },
      'type',
    ],
    ['reset request without fields', '/v1/auth/email-otp/request-password-reset', {}, 'email'],
    ['reset with HTML for the email', '/v1/auth/email-otp/request-password-reset', { email: '<b>x</b>@y.z' }, 'email'],
    [
      'reset with a short code',
      '/v1/auth/email-otp/reset-password',
      { email: uniqueEmail(), otp: '12', password: PASSWORD },
      'otp',
    ],
    [
      'reset with a 10 kB password',
      '/v1/auth/email-otp/reset-password',
      { email: uniqueEmail(), otp: '123456', password: long },
      'password',
    ],
    [
      'change password with wrong types',
      '/v1/auth/change-password',
      { currentPassword: 5, newPassword: ['x'] },
      'currentPassword',
    ],
    [
      'change password to a weak one',
      '/v1/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'weak' },
      'newPassword',
    ],
  ];

  it.each(cases)('%s → 400 with a field message', async (_label, path, body, field) => {
    const response = await createHttpClient(app).post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.fields[field]?.[0]).toEqual(expect.any(String));
  });

  it('a malformed JSON body answers 400', async () => {
    const response = await createHttpClient(app).post('/v1/auth/sign-in/email', '{"email":');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
  });

  it('without a session an invalid body still answers 401: the session is checked before the body', async () => {
    const response = await createHttpClient(app).post('/v1/entities', { name: 5 });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('endpoints outside the product answer 404', async () => {
    const client = createHttpClient(app);
    expect((await client.post('/v1/auth/update-user', { name: 'x', role: 'admin' })).status).toBe(404);
    expect((await client.get('/v1/auth/list-sessions')).status).toBe(404);
  });
});
