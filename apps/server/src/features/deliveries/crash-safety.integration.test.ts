import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import {
  createTestDatabase,
  type ServerProcess,
  sharedSecretsEnv,
  startServerProcess,
  WITH_SERVER_PROCESS_MS,
} from '../../../test/test-app.ts';
import { storedLeadIds } from '../../../test/accepted-leads.ts';

const LOAD = 400;
const CONCURRENCY = 16;
const KILL_AFTER_ACCEPTED = 120;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpSink;
let stub: PushServiceStub;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  smtp = await startSmtpSink();
  stub = await startPushServiceStub();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await stub?.close();
  await smtp?.close();
});

describe('deliveries › crash safety', () => {
  it(
    'after kill -9 mid-load and a restart, every notification that got a 202 is stored and delivered',
    { timeout: 2 * WITH_SERVER_PROCESS_MS },
    async () => {
      const env = {
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        PUSH_SERVICE_HOSTS: stub.host,
        NODE_EXTRA_CA_CERTS: stub.caFile,
        // The load is the point here, not the per-key rate limit.
        NOTIFY_RATE_LIMIT: '100000',
        NOTIFY_RATE_BURST: '100000',
        ...sharedSecretsEnv(),
      };
      const first = await startServerProcess(env);
      servers.push(first);
      const owner = await onboardedOwner({ baseUrl: first.baseUrl, smtp });
      const flowId = await createFlow(owner.client);
      const device = stub.createSubscription();
      expect((await owner.client.post('/v1/push-subscriptions', device.subscription)).status).toBe(201);

      const accepted: string[] = [];
      let next = 0;
      let killed: Promise<unknown> | null = null;
      const post = async (): Promise<void> => {
        while (next < LOAD) {
          next += 1;
          const response = await fetch(`${first.baseUrl}/v1/notify`, {
            method: 'POST',
            headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ flowId, data: { name: `Lead ${next}`, question: 'Still free?' } }),
          }).catch(() => null);
          // Refused connections after the kill: those requests never got an answer, so promise nothing.
          if (!response) return;
          if (response.status === 202) accepted.push(((await response.json()) as { id: string }).id);
          else await response.body?.cancel();
          if (accepted.length >= KILL_AFTER_ACCEPTED && !killed) killed = first.stop('SIGKILL');
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, post));
      await killed;
      expect(accepted.length).toBeGreaterThanOrEqual(KILL_AFTER_ACCEPTED);
      expect(accepted.length).toBeLessThan(LOAD);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const stored = await storedLeadIds(client, accepted);
      await client.end();
      expect(stored.sort()).toEqual([...accepted].sort());

      servers.push(await startServerProcess(env));
      // Jobs the killed process held expire (20 s) and run again; the rest run at once.
      await stub.waitFor(
        () => {
          const delivered = new Set(stub.messagesFor(device.id).map((message) => message.payload.notificationId));
          return accepted.every((id) => delivered.has(id)) ? true : undefined;
        },
        { timeoutMs: 120_000, what: `all ${accepted.length} accepted notifications at the push service` },
      );
    },
  );
});
