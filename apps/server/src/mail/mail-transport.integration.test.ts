import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../../test/owners.ts';
import {
  createTestDatabase,
  type ServerProcess,
  startServerProcess,
  WITH_SERVER_PROCESS_MS,
} from '../../test/test-app.ts';

// Decision 032: mail is printed only on a local http server or when MAIL_TRANSPORT=log says so.
const PUBLIC_HTTPS_URL = 'https://leads.example.com';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The server processes here start their own embedded PostgreSQL whatever the project: run once.
describe.runIf(inject('databaseKind') === 'embedded')(
  'mail transport › the real server process',
  { timeout: WITH_SERVER_PROCESS_MS },
  () => {
    it('an https PUBLIC_URL without SMTP_URL refuses to start and says what to set', async () => {
      const failure = await startServerProcess({ PUBLIC_URL: PUBLIC_HTTPS_URL }).then(
        async (server) => {
          await server.stop();
          return new Error('the server started');
        },
        (error: unknown) => error as Error,
      );
      expect(failure.message).toMatch(/exited before it was ready/);
      expect(failure.message).toContain('Invalid environment:');
      expect(failure.message).toContain(
        `SMTP_URL: required when PUBLIC_URL (${PUBLIC_HTTPS_URL}) is not http on localhost`,
      );
      expect(failure.message).toMatch(/Set SMTP_URL \(e\.g\. smtps:\/\/.*\) to send them, or MAIL_TRANSPORT=log/);
    });

    it('with MAIL_TRANSPORT=log the same server starts and prints the sign-up code', async () => {
      const database = await createTestDatabase({ migrated: false });
      const server: ServerProcess = await startServerProcess({
        DATABASE_URL: database.url,
        PUBLIC_URL: PUBLIC_HTTPS_URL,
        MAIL_TRANSPORT: 'log',
      });
      cleanups.push(() => server.stop());

      const email = uniqueEmail();
      const signUp = await fetch(`${server.baseUrl}/v1/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_HTTPS_URL },
        body: JSON.stringify({ name: 'Ann', email, password: PASSWORD }),
      });
      expect(signUp.status).toBe(200);
      // The code mail is sent without waiting for it (auth.ts): poll the output briefly.
      const deadline = Date.now() + 10_000;
      while (!server.output().includes(`Email to ${email}`) && Date.now() < deadline) await sleep(50);
      expect(server.output()).toMatch(new RegExp(`Email to ${email}[\\s\\S]*\\b\\d{6}\\b`));
    });
  },
);
