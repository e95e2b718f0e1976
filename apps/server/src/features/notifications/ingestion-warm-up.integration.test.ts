import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { systemClock } from '../../lib/clock.ts';
import { createApiKeyAuthenticator } from '../api-keys/authenticate-api-key.ts';
import { createFillTimeTokens } from '../spam/fill-time-token.ts';
import { createNotificationIngester } from './ingest-notification.ts';

// Decision 093: a start rehearses the request's part of a lead (the key's look-up, the flow's
// read, the lead made of it, the accept's statement) on the connections its pool keeps, so that
// its first lead finds them prepared. The rehearsal writes nothing and reaches no one.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** What the rehearsal could have written: a lead anywhere on its way, or a job. */
async function writtenRows(): Promise<Record<string, number>> {
  const { rows } = await app.pool.query<Record<string, number>>(
    `select (select count(*)::int from notifications) as notifications,
            (select count(*)::int from lead_intake) as intake,
            (select count(*)::int from job_outbox) as outbox,
            (select count(*)::int from lead_search) as search`,
  );
  return rows[0]!;
}

describe('the request path rehearsed at a start (issue 45, decision 093)', () => {
  it.each([
    ['a fresh installation, with a sample flow', false],
    ['an installation with a business, with its flow', true],
  ])(
    '%s: the statements are prepared on the connection, nothing is written, Turnstile is not asked',
    async (_, withBusiness) => {
      if (withBusiness) {
        const owner = await onboardedOwner(app);
        const flowId = await createFlow(owner.client);
        // A flow that asks for the CAPTCHA: a rehearsal as a browser would ask Cloudflare.
        const turnstile = await owner.client.put(`/v1/flows/${flowId}/turnstile`, {
          siteKey: '0x4AAAAAAAsample',
          secret: '0x4AAAAAAAsample-secret',
        });
        expect(turnstile.status).toBe(200);
      }
      const before = await writtenRows();

      // One connection, so the statements it prepared can be read on it afterwards.
      const pool = new pg.Pool({ connectionString: app.pool.options.connectionString, max: 1 });
      try {
        const db = drizzle(pool);
        const turnstileChecks: unknown[] = [];
        const apiKeys = createApiKeyAuthenticator(db);
        const ingester = createNotificationIngester({
          db,
          pool,
          clock: systemClock,
          rate: { ratePerSecond: 10, burst: 20 },
          spam: {
            fillTimeTokens: createFillTimeTokens(randomBytes(32).toString('hex')),
            verifyTurnstile: async (check) => {
              turnstileChecks.push(check);
              return 'failed';
            },
            cipher: createApiKeyCipher(randomBytes(32).toString('hex')),
          },
        });

        await apiKeys.warmUp();
        await ingester.warmUp();

        const { rows: prepared } = await pool.query<{ name: string }>('select name from pg_prepared_statements');
        expect(prepared.map((statement) => statement.name).sort()).toEqual(
          ['accept_notifications', 'authenticate_api_key', 'ingest_find_flow'].sort(),
        );
        expect(turnstileChecks).toEqual([]);
        expect(await writtenRows()).toEqual(before);
      } finally {
        await pool.end();
      }
    },
  );
});
