import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createHttpClient } from '../../test/http-client.ts';
import { PASSWORD, signedInOwner, uniqueEmail } from '../../test/owners.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// The address the sign-in lockout and the rate limits key on is the one the last trusted hop saw:
// whatever a client writes into X-Forwarded-For itself must not change it (decision 032).
const ADDRESS_MAX_FAILURES = 20;

/** A made-up address a client writes at the left of X-Forwarded-For, a new one per request. */
const spoofed = (attempt: number) => `192.0.2.${attempt + 1}`;

type Setup = {
  /** What TRUST_PROXY is set to. */
  trustProxy: string;
  /** The X-Forwarded-For a request reaches Leadbell with, when the client wrote `written` and is really at `client`. */
  forwardedFor: (written: string, client: string) => string;
  /** Whether two clients can be told apart at all (without a proxy every test request comes from 127.0.0.1). */
  hasClientAddresses: boolean;
};

const SETUPS: Array<[string, Setup]> = [
  [
    'behind one proxy (TRUST_PROXY=true): the right-most entry, which the proxy appended',
    { trustProxy: 'true', forwardedFor: (written, client) => `${written}, ${client}`, hasClientAddresses: true },
  ],
  [
    'behind one proxy counted in hops (TRUST_PROXY=1)',
    { trustProxy: '1', forwardedFor: (written, client) => `${written}, ${client}`, hasClientAddresses: true },
  ],
  [
    'behind two proxies named by address (TRUST_PROXY=127.0.0.1,10.0.0.0/8): the first address that is not one of them',
    {
      trustProxy: '127.0.0.1, 10.0.0.0/8',
      forwardedFor: (written, client) => `${written}, ${client}, 10.20.30.40`,
      hasClientAddresses: true,
    },
  ],
  [
    'with no proxy (TRUST_PROXY=false): the connection, whatever the header says',
    { trustProxy: 'false', forwardedFor: (written) => written, hasClientAddresses: false },
  ],
];

// Which address the app believes is Fastify's and the app's, not PostgreSQL's: once per run, on
// the embedded database (eight apps, the heaviest file of the PostgreSQL-server pass after the fuzz).
describe.runIf(inject('databaseKind') === 'embedded').each(SETUPS)(
  'client address › %s',
  (_name, { trustProxy, forwardedFor, hasClientAddresses }) => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ TRUST_PROXY: trustProxy });
    });
    afterAll(async () => app?.close());
    // Each test counts from zero: without a proxy, every request shares one address.
    beforeEach(async () => {
      await app.pool.query('delete from sign_in_throttles; delete from rate_limits; delete from allowances');
    });

    const from = (client: string, attempt: number) =>
      createHttpClient(app, { ip: forwardedFor(spoofed(attempt), client) });

    it('failed sign-ins lock the address even when each names a different address in X-Forwarded-For', async () => {
      const { email } = await signedInOwner(app);
      const client = '198.51.100.7';
      for (let attempt = 0; attempt < ADDRESS_MAX_FAILURES; attempt += 1) {
        const failed = await from(client, attempt).post('/v1/auth/sign-in/email', {
          email: uniqueEmail('nobody'),
          password: PASSWORD,
        });
        expect(failed.body.error.code).toBe('user_not_found');
      }

      const locked = await from(client, ADDRESS_MAX_FAILURES).post('/v1/auth/sign-in/email', {
        email,
        password: PASSWORD,
      });
      expect(locked.status).toBe(429);
      expect(locked.body.error.message).toMatch(/Too many failed sign-ins/);
      if (hasClientAddresses) {
        const elsewhere = await from('198.51.100.8', 0).post('/v1/auth/sign-in/email', { email, password: PASSWORD });
        expect(elsewhere.status).toBe(200);
      }
    });

    it('the per-address sign-in rate limit counts every request from one address, whatever it writes', async () => {
      const { email } = await signedInOwner(app);
      const client = '198.51.100.9';
      // The identity library allows 3 sign-in requests per address in 10 s.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const wrong = await from(client, attempt).post('/v1/auth/sign-in/email', {
          email,
          password: 'Wr0ng-password!',
        });
        expect(wrong.body.error.code).toBe('invalid_credentials');
      }
      const limited = await from(client, 3).post('/v1/auth/sign-in/email', { email, password: PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toMatch(/Too many requests/);
      if (hasClientAddresses) {
        const elsewhere = await from('198.51.100.10', 0).post('/v1/auth/sign-in/email', { email, password: PASSWORD });
        expect(elsewhere.status).toBe(200);
      }
    });
  },
);
