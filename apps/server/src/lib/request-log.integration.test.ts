import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlow, notify, onboardedOwner } from '../../test/owners.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import {
  createTestDatabase,
  type ServerProcess,
  sharedSecretsEnv,
  startServerProcess,
  WITH_SERVER_PROCESS_MS,
} from '../../test/test-app.ts';

// Issue 14: logs a person can read (one line per request: method, path, status, reason, ms) or
// JSON for a collector, as LOG_FORMAT says; a refused notification is logged with its reason.
// Issue 23: answered leads are tallied, not logged one by one.

const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
}, 60_000);

async function serverLogging(format: 'json' | 'pretty', env: Record<string, string> = {}): Promise<ServerProcess> {
  const database = await createTestDatabase({ migrated: false });
  const server = await startServerProcess({
    ...env,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    LOG_FORMAT: format,
    DELIVERY_WORKER: 'false',
    ...sharedSecretsEnv(),
  });
  servers.push(server);
  return server;
}

/** Posts a notification with an unknown key (401) and waits for the request's log line. */
async function postWithUnknownKey(server: ServerProcess, lineOf: RegExp): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer lb_live_unknown' },
    body: JSON.stringify({ flowId: 'x' }),
  });
  expect(response.status).toBe(401);
  const lines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => lineOf.test(line));
  for (let waited = 0; waited < 5_000 && lines().length < 1; waited += 50) await sleep(50);
  return lines();
}

// Each test starts a server process of its own.
describe('request log', { timeout: WITH_SERVER_PROCESS_MS }, () => {
  it('as JSON: one object per request with method, path, status, reason and time', async () => {
    const server = await serverLogging('json');
    const [line] = await postWithUnknownKey(server, /"path":"\/v1\/notify"/);
    const entry = JSON.parse(line!) as { level: number; msg: string; request: Record<string, unknown> };
    expect(entry.request).toMatchObject({ method: 'POST', path: '/v1/notify', status: 401, reason: 'invalid_api_key' });
    expect(entry.request.ms).toEqual(expect.any(Number));
    expect(entry.msg).toMatch(/^POST \/v1\/notify 401 invalid_api_key [\d.]+ ms$/);
    expect(server.output()).not.toContain('lb_live_unknown');
  });

  it('pretty: the same request as one readable line with its time of day and level name', async () => {
    const server = await serverLogging('pretty');
    const [line] = await postWithUnknownKey(server, /POST \/v1\/notify 401/);
    // eslint-disable-next-line no-control-regex -- pino-pretty colours the level; the text is what a person reads.
    const text = line!.replace(/\u001b\[[\d;]*m/g, '');
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: POST \/v1\/notify 401 invalid_api_key [\d.]+ ms$/);
    expect(text).not.toContain('{');
  });

  it('answered leads are one tally line, written each minute and when the server stops, not a line each', async () => {
    const smtp = await startSmtpSink();
    try {
      const server = await serverLogging('json', { SMTP_URL: smtp.url });
      const owner = await onboardedOwner({ baseUrl: server.baseUrl, smtp });
      const flowId = await createFlow(owner.client);
      for (const name of ['Ann', 'Bo', 'Cy']) await notify(server, owner.apiKey, { flowId, data: { name } });
      expect(server.output()).not.toContain('"path":"/v1/notify"');
      expect(await server.stop()).toBe(0);
      const tally = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"ingestion"'))
        .map((line) => JSON.parse(line) as { ingestion: Record<string, unknown>; msg: string });
      expect(tally).toHaveLength(1);
      expect(tally[0]!.ingestion).toMatchObject({ route: 'POST /v1/notify', answered: 3 });
      expect(tally[0]!.msg).toMatch(
        /^POST \/v1\/notify: 3 answered since the last tally, mean [\d.]+ ms, slowest [\d.]+ ms$/,
      );
    } finally {
      await smtp.close();
    }
  });
});
