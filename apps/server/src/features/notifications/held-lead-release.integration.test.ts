import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpClient } from '../../../test/http-client.ts';
import { startHttpReceiver, type HttpReceiver } from '../../../test/http-receiver.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import {
  createTestDatabase,
  type ServerProcess,
  sharedSecretsEnv,
  startServerProcess,
  WITH_SERVER_PROCESS_MS,
} from '../../../test/test-app.ts';
import { untilTakenIn } from '../../../test/until.ts';

// A lead held past Starter's limit reaches the team when a larger plan is chosen: its deliveries,
// the visitor's acknowledgement, lead.created and its escalation, each once, whether the worker
// took it in before or after the release. Two processes on one database make either order
// certain: `api` answers requests and runs no worker; each test starts or stops `worker` for the
// order it needs, so either runs alone or first.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpSink;
let receiver: HttpReceiver;
let db: pg.Client;
let api: ServerProcess;
let worker: ServerProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  [smtp, receiver] = await Promise.all([startSmtpSink(), startHttpReceiver()]);
  env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...sharedSecretsEnv(),
  };
  api = await startServerProcess({ ...env, DELIVERY_WORKER: 'false' });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
}, WITH_SERVER_PROCESS_MS);

afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop()]);
  await db?.end();
  await Promise.all([smtp?.close(), receiver?.close()]);
});

/** The worker process, started unless it runs. */
async function workerRunning(): Promise<void> {
  worker ??= await startServerProcess(env);
}

/** No worker process: what is accepted stays untaken until one starts. */
async function noWorker(): Promise<void> {
  await worker?.stop();
  worker = undefined;
}

/** A Starter owner whose month is used up, with a flow that acknowledges and an endpoint for lead.created. */
async function ownerAtTheLimit(hookPath: string) {
  const owner = await onboardedOwner({ baseUrl: api.baseUrl, smtp }, { plan: 'starter' });
  const flowId = await createFlow(owner.client);
  const acknowledgement = await owner.client.put(`/v1/flows/${flowId}/acknowledgement`, {
    acknowledgementEnabled: true,
    acknowledgementSubject: 'Thanks {{name}}',
    acknowledgementBody: 'We will call you back shortly.',
  });
  expect(acknowledgement.status).toBe(200);
  const endpoint = await owner.client.post('/v1/webhook-endpoints', {
    url: receiver.url(hookPath),
    events: ['lead.created'],
  });
  expect(endpoint.status).toBe(201);
  // Starter's 20 leads of the month used, without sending 20.
  const { periodStart } = (await owner.client.get('/v1/usage')).body as { periodStart: string };
  await db.query(`insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 20)`, [
    owner.entityId,
    periodStart,
  ]);
  const site = createHttpClient(api, { bearer: owner.apiKey });
  const send = async (name: string, email: string): Promise<{ id: string; held?: boolean }> => {
    const response = await site.post('/v1/notify', { flowId, data: { name, email } });
    expect(response.status).toBe(202);
    return response.body;
  };
  const choosePlan = async (plan: string) =>
    expect((await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan })).status).toBe(200);
  const subjectsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => mail.subject);
  const leadCreatedFor = (leadId: string) =>
    receiver.at(hookPath).filter((entry) => entry.body.includes(leadId) && entry.body.includes('"lead.created"'));
  return { owner, send, choosePlan, subjectsTo, leadCreatedFor };
}

async function escalationOf(leadId: string) {
  const { rows } = await db.query<{ created_at: Date; response_started_at: Date; due_at: Date; target: number }>(
    `select n.created_at, n.response_started_at, e.due_at, n.response_target_seconds as target
       from notifications n join lead_escalations e on e.notification_id = n.id where n.id = $1`,
    [leadId],
  );
  return rows[0];
}

it(
  'released before the worker took it in: delivered and followed up once, and the worker goes on',
  async () => {
    await noWorker();
    const { owner, send, choosePlan, subjectsTo, leadCreatedFor } = await ownerAtTheLimit('/before');
    const waiting = await send('Waiting', 'wren.visitor@example.com');
    expect(waiting.held).toBe(true);
    await choosePlan('growth');

    await workerRunning();
    await expect.poll(() => subjectsTo(owner.email)).toContain('New lead: Waiting');
    // The worker goes on: a take that queued the released lead again failed, and every take after it.
    const next = await send('Next', 'nell.visitor@example.com');
    await expect.poll(() => subjectsTo(owner.email)).toContain('New lead: Next');
    await expect.poll(() => subjectsTo('nell.visitor@example.com')).toEqual(['Thanks Next']);
    await expect.poll(() => leadCreatedFor(next.id)).toHaveLength(1);
    // Both the release and the take met the waiting lead: each of its follow-ups came once.
    expect(subjectsTo(owner.email).filter((subject) => subject === 'New lead: Waiting')).toHaveLength(1);
    // Its acknowledgement comes from its take's settle job, which a busy worker may run with the
    // next lead's: the two mails go in either order.
    await expect.poll(() => subjectsTo('wren.visitor@example.com')).toEqual(['Thanks Waiting']);
    expect(leadCreatedFor(waiting.id)).toHaveLength(1);
    expect(await escalationOf(waiting.id)).toBeDefined();
  },
  WITH_SERVER_PROCESS_MS,
);

it(
  'released after the worker took it in: acknowledged, sent to webhooks and escalating from the release',
  async () => {
    await workerRunning();
    const { owner, send, choosePlan, subjectsTo, leadCreatedFor } = await ownerAtTheLimit('/after');
    const held = await send('Held', 'hana.visitor@example.com');
    expect(held.held).toBe(true);
    // Taken in while held: nothing reaches anyone.
    await untilTakenIn(db);
    expect(await escalationOf(held.id)).toBeUndefined();

    await choosePlan('growth');
    await expect.poll(() => subjectsTo(owner.email)).toContain('New lead: Held');
    await expect.poll(() => subjectsTo('hana.visitor@example.com')).toEqual(['Thanks Held']);
    await expect.poll(() => leadCreatedFor(held.id)).toHaveLength(1);
    const escalation = (await escalationOf(held.id))!;
    // Its timer starts at the release: the time it was held is not the team's.
    expect(escalation.response_started_at.getTime()).toBeGreaterThan(escalation.created_at.getTime());
    expect(escalation.due_at.getTime()).toBe(escalation.response_started_at.getTime() + escalation.target * 1000);

    // A lead after it, on the larger plan, is followed up as usual; the released one still once.
    const next = await send('After', 'abe.visitor@example.com');
    await expect.poll(() => subjectsTo('abe.visitor@example.com')).toEqual(['Thanks After']);
    await expect.poll(() => leadCreatedFor(next.id)).toHaveLength(1);
    expect(subjectsTo('hana.visitor@example.com')).toEqual(['Thanks Held']);
    expect(leadCreatedFor(held.id)).toHaveLength(1);
  },
  WITH_SERVER_PROCESS_MS,
);
