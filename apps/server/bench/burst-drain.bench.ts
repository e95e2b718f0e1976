// Benchmark (issue 23): a burst of leads at twice the rate the delivery worker keeps up with, for
// BURST_S seconds, then nothing; the pushes reaching the device per second throughout. Target: the
// worker drains the backlog at its sustainable rate (not slower as the backlog grows) and loses
// nothing. The server runs as its own process with its worker; 10 entities with one device each.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { startPushServiceStub } from '../test/push-service-stub.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { createScratchDatabase, sharedSecretsEnv, startServerProcess } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { registerDevices } from './push-latency.ts';

const SUSTAINED_PER_SECOND = Number(process.env.BENCH_RATE ?? 300);
const BURST_PER_SECOND = SUSTAINED_PER_SECOND * 2;
const BURST_S = Number(process.env.BENCH_DURATION_S ?? 60);
const WINDOW_S = 10;
const ENTITIES = 10;

const postgres = await startBenchDatabase();
const database = await createScratchDatabase(postgres.adminUrl);
const smtp = await startSmtpSink();
const stub = await startPushServiceStub({ decryptLater: true });
const server = await startServerProcess({
  DATABASE_URL: database.url,
  SMTP_URL: smtp.url,
  PUSH_SERVICE_HOSTS: stub.host,
  NODE_EXTRA_CA_CERTS: stub.caFile,
  NOTIFY_RATE_LIMIT: String(BURST_PER_SECOND),
  ...sharedSecretsEnv(),
});
let met = false;
try {
  const senders: Array<{ apiKey: string; flowId: string }> = [];
  for (let index = 0; index < ENTITIES; index += 1) {
    const owner = await onboardedOwner({ baseUrl: server.baseUrl, smtp }, { plan: 'elite' });
    await registerDevices(owner.client, stub, 1);
    senders.push({ apiKey: owner.apiKey, flowId: await createFlow(owner.client) });
  }
  let accepted = 0;
  let refused = 0;
  const send = async ({ apiKey, flowId }: (typeof senders)[number]) => {
    const response = await fetch(`${server.baseUrl}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ flowId, data: { name: 'Bob', question: 'Is the flat still free?' } }),
    });
    await response.arrayBuffer();
    if (response.status === 202) accepted += 1;
    else refused += 1;
  };

  console.log(
    `burst drain: ${BURST_PER_SECOND}/s for ${BURST_S} s across ${ENTITIES} entities with one device each, then nothing; ${postgres.kind}`,
  );
  const started = performance.now();
  const windows: string[] = [];
  let lastArrived = 0;
  const report = setInterval(() => {
    const arrived = stub.arrivedCount();
    windows.push(
      `  +${Math.round((performance.now() - started) / 1000)} s: accepted ${accepted}, pushed ${arrived} (${Math.round((arrived - lastArrived) / WINDOW_S)}/s), backlog ${accepted - arrived}`,
    );
    console.log(windows.at(-1));
    lastArrived = arrived;
  }, WINDOW_S * 1000);
  const inFlight: Promise<void>[] = [];
  const interval = 1000 / BURST_PER_SECOND;
  for (let index = 0, at = performance.now(); index < BURST_PER_SECOND * BURST_S; index += 1, at += interval) {
    const wait = at - performance.now();
    if (wait > 1) await sleep(wait);
    inFlight.push(send(senders[index % ENTITIES]!));
  }
  await Promise.all(inFlight);
  const burstEnded = performance.now();
  const atBurstEnd = stub.arrivedCount();
  while (stub.arrivedCount() < accepted && performance.now() - burstEnded < 300_000) await sleep(100);
  clearInterval(report);
  const drainedS = (performance.now() - burstEnded) / 1000;
  const backlog = accepted - atBurstEnd;
  const lost = accepted - stub.arrivedCount();
  console.log(
    `  the burst: ${accepted} accepted, ${refused} refused; at its end ${backlog} waiting, drained in ${drainedS.toFixed(1)} s (${Math.round(backlog / drainedS)}/s); lost ${lost}`,
  );
  met = lost === 0 && refused === 0;
  console.log(`  nothing lost or refused: ${met ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
  await stub.close();
  await smtp.close();
  await database.drop();
  await postgres.stop();
}
if (!met) process.exitCode = 1;
