// Benchmark (issue 23, decision 038): two server processes on one database, both delivery
// workers. A batch of leads is accepted by the first, which is killed with -9 as soon as the last
// 202 arrives; how long until every lead's push has reached the device (whoever sent it). Target:
// within 10 s of the kill, none lost. A worker runs the jobs it takes at once and leaves a copy in
// the queue due 8 s later: a kill before a job ran leaves it to the other process then.
import { performance } from 'node:perf_hooks';
import { createFlow, notify, onboardedOwner } from '../test/owners.ts';
import { startPushServiceStub } from '../test/push-service-stub.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { createScratchDatabase, sharedSecretsEnv, startServerProcess, type ServerProcess } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';

const ROUNDS = 5;
const LEADS_PER_BATCH = 8;
const TARGET_MS = 10_000;

const postgres = await startBenchDatabase();
const database = await createScratchDatabase(postgres.adminUrl);
const smtp = await startSmtpSink();
const stub = await startPushServiceStub();
const env = {
  DATABASE_URL: database.url,
  SMTP_URL: smtp.url,
  PUSH_SERVICE_HOSTS: stub.host,
  NODE_EXTRA_CA_CERTS: stub.caFile,
  ...sharedSecretsEnv(),
};
const servers: ServerProcess[] = [];
const start = async () => {
  const server = await startServerProcess(env);
  servers.push(server);
  return server;
};
let met = true;
try {
  const survivor = await start();
  const owner = await onboardedOwner({ baseUrl: survivor.baseUrl, smtp });
  await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
  const device = stub.createSubscription();
  if ((await owner.client.post('/v1/push-subscriptions', device.subscription)).status !== 201)
    throw new Error('could not register the device');
  const flowId = await createFlow(owner.client);

  console.log(
    `crash hand-over: ${LEADS_PER_BATCH} leads accepted by a process killed with -9 at the last 202, another process on the same ${postgres.kind}, ${ROUNDS} rounds`,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    const accepting = await start();
    const before = stub.messagesFor(device.id).length;
    await Promise.all(
      Array.from({ length: LEADS_PER_BATCH }, (_, index) =>
        notify(accepting, owner.apiKey, { flowId, data: { name: `Lead ${round}.${index}` } }),
      ),
    );
    const killedAt = performance.now();
    await accepting.stop('SIGKILL');
    const delivered = before + LEADS_PER_BATCH;
    let arrived = stub.messagesFor(device.id).length;
    while (arrived < delivered && performance.now() - killedAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      arrived = stub.messagesFor(device.id).length;
    }
    const handOverMs = performance.now() - killedAt;
    const lost = Math.max(0, delivered - arrived);
    met &&= lost === 0 && handOverMs < TARGET_MS;
    console.log(
      `  round ${round}: every lead on the device ${(handOverMs / 1000).toFixed(2)} s after the kill` +
        (lost ? `, ${lost} not within 30 s` : ''),
    );
  }
  console.log(`  target within ${TARGET_MS / 1000} s, none lost: ${met ? 'met' : 'NOT met'}`);
} finally {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await stub.close();
  await smtp.close();
  await database.drop();
  await postgres.stop();
}
if (!met) process.exitCode = 1;
