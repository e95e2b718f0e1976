// Time from `POST /v1/notify` to the decrypted message arriving at the local push-service stub,
// p50 and p99, at a steady 100 notifications per second (BENCH_RATE), each scenario against its
// target. Requests are spaced evenly and each is timed from its scheduled send time, so a stalled
// server shows up as latency instead of as a slower request rate. Every push is timed, so with
// several members and devices p99 covers the slowest of each fan-out. Email copies are turned off,
// as they are once a device has confirmed a push (decision 021). The real server runs as its own
// process (`src/main.ts`, with its delivery worker); this process generates the load and plays the
// push service. Shared by delivery-latency.bench.ts (issue 5), team-delivery.bench.ts (issue 11),
// dead-channel.bench.ts and all-channels.bench.ts (issue 27).
// BENCH_DURATION_S and BENCH_WARM_UP_S shorten a run, to check that it works;
// BENCH_CPU_PROFILE=<folder> has the server write a V8 CPU profile there when it stops.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpClient } from '../test/http-client.ts';
import { createFlow, joinedTeammate, onboardedOwner } from '../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../test/push-service-stub.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { createScratchDatabase, sharedSecretsEnv, startServerProcess } from '../test/test-app.ts';
import { startChannelFakes, type ChannelRun } from './bench-channels.ts';
import { percentile, startBenchDatabase, type BenchDatabase } from './bench-database.ts';
import { clusterCpuSeconds, postmasterPidOf, processCpuSeconds } from './process-cpu.ts';

export const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? 5);
const TARGET_P99_MS = 250;
const PLAN = 'elite';

/**
 * An outgoing webhook endpoint on each entity (issue 27): `live` answers 200 at once; `dead`
 * accepts the connection and never answers, so every attempt waits out the sender's timeout.
 */
export type WebhookEndpointKind = 'live' | 'dead';

export type Scenario = {
  name: string;
  entities: number;
  membersPerEntity: number;
  devicesPerMember: number;
  webhookEndpoint?: WebhookEndpointKind;
  /**
   * `all`: every other channel on as well (issue 27): a webhook endpoint (`live` unless
   * `webhookEndpoint` says otherwise), Slack, and Telegram and SMS for every member (bench-channels.ts).
   */
  channels?: 'all';
  /** The p99 the scenario must stay under; 250 ms unless it says otherwise. */
  targetP99Ms?: number;
};

/** A loopback receiver for the scenario's webhook endpoint; counts what reached it. */
async function startWebhookReceiver(
  kind: WebhookEndpointKind,
): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((request, response) => {
    received += 1;
    request.resume();
    if (kind === 'live') response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/leads`,
    received: () => received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function now(): number {
  return performance.timeOrigin + performance.now();
}

/** Registers `count` devices of the stub for the signed-in member, email copies off (decision 021). */
export async function registerDevices(client: HttpClient, stub: PushServiceStub, count: number): Promise<void> {
  await client.put('/v1/me/delivery-preferences', { emailNotifications: false });
  for (let index = 0; index < count; index += 1) {
    const device = stub.createSubscription();
    if ((await client.post('/v1/push-subscriptions', device.subscription)).status !== 201) {
      throw new Error('could not register the device');
    }
  }
}

async function runScenario(postgres: BenchDatabase, scenario: Scenario): Promise<boolean> {
  const database = await createScratchDatabase(postgres.adminUrl);
  const smtp = await startSmtpSink();
  const stub = await startPushServiceStub({ decryptLater: true });
  const webhookEndpoint = scenario.webhookEndpoint ?? (scenario.channels === 'all' ? 'live' : undefined);
  const receiver = webhookEndpoint ? await startWebhookReceiver(webhookEndpoint) : null;
  const channels = scenario.channels === 'all' ? await startChannelFakes(PLAN) : null;
  const server = await startServerProcess(
    {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      PUSH_SERVICE_HOSTS: stub.host,
      NODE_EXTRA_CA_CERTS: stub.caFile,
      // One entity may carry the whole rate in the team scenario.
      NOTIFY_RATE_LIMIT: String(RATE_PER_SECOND * 2),
      // The scenario's webhook receiver listens on loopback.
      ...(receiver && { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }),
      ...channels?.env,
      ...sharedSecretsEnv(),
    },
    process.env.BENCH_CPU_PROFILE
      ? { nodeFlags: [`--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`, '--cpu-prof'] }
      : {},
  );
  try {
    const app = { baseUrl: server.baseUrl, smtp };
    const senders: Array<{ apiKey: string; flowId: string }> = [];
    for (let index = 0; index < scenario.entities; index += 1) {
      const owner = await onboardedOwner(app, { plan: PLAN });
      await registerDevices(owner.client, stub, scenario.devicesPerMember);
      await channels?.connectEntity(owner.client);
      await channels?.connectMember(owner.client);
      for (let member = 1; member < scenario.membersPerEntity; member += 1) {
        const teammate = await joinedTeammate(app, owner);
        await registerDevices(teammate.client, stub, scenario.devicesPerMember);
        await channels?.connectMember(teammate.client);
      }
      senders.push({ apiKey: owner.apiKey, flowId: await createFlow(owner.client) });
      if (receiver) {
        const endpoint = await owner.client.post('/v1/webhook-endpoints', {
          url: receiver.url,
          events: ['lead.created', 'lead.claimed', 'lead.done'],
        });
        if (endpoint.status !== 201) throw new Error(`could not add the webhook endpoint: ${endpoint.status}`);
      }
    }
    const pushesPerNotification = scenario.membersPerEntity * scenario.devicesPerMember;
    channels?.startCounting();

    const scheduledAt = new Map<string, number>();
    const answerMs: number[] = [];
    // Why each refused request was refused (status and body), counted: a refused lead is a lost one.
    const refusals = new Map<string, number>();
    const send = async (at: number, { apiKey, flowId }: (typeof senders)[number], counted: boolean) => {
      const response = await fetch(`${server.baseUrl}/v1/notify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ flowId, data: { name: 'Bob', question: 'Is the flat still free?' } }),
      });
      if (response.status !== 202) {
        const reason = `${response.status} ${(await response.text()).slice(0, 200)}`;
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        return;
      }
      const { id } = (await response.json()) as { id: string };
      if (!counted) return;
      answerMs.push(now() - at);
      scheduledAt.set(id, at);
    };

    // The CPU every lead cost, worker and channels included: the server's process and PostgreSQL's.
    const postmaster = await postmasterPidOf(database.url);
    const cpuBefore = { server: processCpuSeconds(server.pid), postgres: clusterCpuSeconds(postmaster) };
    const total = RATE_PER_SECOND * (WARM_UP_S + DURATION_S);
    const warmUp = RATE_PER_SECOND * WARM_UP_S;
    const interval = 1000 / RATE_PER_SECOND;
    const inFlight: Array<Promise<void>> = [];
    // The warm-up ramps from a fifth of the rate to all of it, as traffic grows on a server that
    // just started: a cold server (JIT, TLS sessions to the push service, worker threads) hit
    // with the full rate at once builds a backlog that would spill into the measured seconds.
    let at = now() + 100;
    for (let index = 0; index < total; index += 1) {
      at += index < warmUp ? interval / Math.max(0.2, index / warmUp) : interval;
      const wait = at - now();
      if (wait > 1) await sleep(wait);
      inFlight.push(send(at, senders[index % senders.length]!, index >= warmUp));
    }
    await Promise.all(inFlight);

    // Every push of the warm-up and of the measured seconds, then decrypted: each must carry its lead.
    const allExpected = total * pushesPerNotification;
    const deadline = Date.now() + 60_000;
    while (stub.arrivedCount() < allExpected && Date.now() < deadline) await sleep(100);
    stub.decryptArrived();
    const run: ChannelRun = { ...scenario, leadsPerEntity: Math.ceil(total / scenario.entities) };
    await channels?.settle(run);
    const microsecondsPerLead = (seconds: number) => ((seconds * 1e6) / total).toFixed(0);
    const cpuPerLead = {
      server: microsecondsPerLead(processCpuSeconds(server.pid) - cpuBefore.server),
      postgres: microsecondsPerLead(clusterCpuSeconds(postmaster) - cpuBefore.postgres),
    };
    const expected = scheduledAt.size * pushesPerNotification;
    const received = () => stub.received.filter((message) => scheduledAt.has(message.payload.notificationId));
    const latencies = received()
      .map((message) => message.receivedAt - scheduledAt.get(message.payload.notificationId)!)
      .sort((a, b) => a - b);
    const answers = [...answerMs].sort((a, b) => a - b);
    const missing = expected - received().length;
    const p99 = percentile(latencies, 99);

    console.log(
      `notify → decrypted at the push-service stub, ${RATE_PER_SECOND}/s for ${DURATION_S} s (after ${WARM_UP_S} s warm-up), ${scenario.name}, ${postgres.kind}`,
    );
    console.log(
      `  202 answer: p50 ${percentile(answers, 50).toFixed(1)} ms, p99 ${percentile(answers, 99).toFixed(1)} ms, max ${answers.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `  on the device: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (${latencies.length} pushes)`,
    );
    const failures = [...refusals.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `  CPU per lead (its pushes and every channel's work included): server process ${cpuPerLead.server} µs, PostgreSQL ${cpuPerLead.postgres} µs`,
    );
    console.log(`  refused requests: ${failures}, pushes not delivered within 60 s: ${missing}`);
    if (receiver) console.log(`  webhook endpoint (${webhookEndpoint}): ${receiver.received()} requests reached it`);
    const channelReport = channels?.report(run);
    for (const line of channelReport?.lines ?? []) console.log(line);
    for (const [reason, count] of refusals) console.log(`    ${count} × ${reason}`);
    if (failures > 0) console.log(`  the server's log (warnings and errors):\n${server.output().slice(-4000)}`);
    // A fake that got nothing means its channel was off, and the scenario did not measure what it says.
    const targetP99Ms = scenario.targetP99Ms ?? TARGET_P99_MS;
    const met = p99 < targetP99Ms && failures === 0 && missing === 0 && (channelReport?.isEveryChannelUsed ?? true);
    console.log(`  target p99 < ${targetP99Ms} ms: ${met ? 'met' : 'NOT met'}`);
    return met;
  } finally {
    await server.stop();
    await receiver?.close();
    await channels?.close();
    await stub.close();
    await smtp.close();
    await database.drop();
  }
}

/** Runs each scenario on one PostgreSQL and sets the exit code: 1 when any missed the target. */
export async function runPushLatencyBench(scenarios: Scenario[]): Promise<void> {
  const postgres = await startBenchDatabase();
  try {
    let allMet = true;
    for (const scenario of scenarios) allMet = (await runScenario(postgres, scenario)) && allMet;
    process.exitCode = allMet ? 0 : 1;
  } finally {
    await postgres.stop();
  }
}
