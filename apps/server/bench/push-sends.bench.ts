// Benchmark: Web Push sends per second per core against the local push-service stub (issue 5:
// target at least 1,000), with the VAPID header reused per push service, and as a ratio to
// signing it for every message, measured in the same run.
// The sender runs alone in a child process and its CPU time is measured, so the figure is per
// core whatever the stub (decrypting every message in this process) costs.
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import type { PushTarget } from '../src/features/deliveries/push-encryption-pool.ts';
import { createWebPushSender } from '../src/features/deliveries/web-push-sender.ts';
import { startPushServiceStub } from '../test/push-service-stub.ts';

const SUBSCRIPTIONS = 50;
const SENDS = 4000;
const WARM_UP = 500;
const CONCURRENCY = 32;
const ROUNDS = 3;
const TARGET_PER_CORE = 1000;

type Mode = 'reuse' | 'sign-per-message';
type SenderSetup = { ca: string; targets: PushTarget[]; vapid: { publicKey: string; privateKey: string } };
type RoundResult = { mode: Mode; sends: number; failures: number; wallMs: number; cpuMs: number };

const PAYLOAD = JSON.stringify({
  title: 'New lead: Bob',
  message: 'Bob wrote: is the flat on Main Street still free? I could visit on Saturday.',
  url: 'https://leadbell.example/flows/7f2c1e0a-0000-4000-8000-000000000002',
  notificationId: '7f2c1e0a-0000-4000-8000-000000000001',
  flowId: '7f2c1e0a-0000-4000-8000-000000000002',
});

/** Child process: sends as fast as the stub takes them and reports its own CPU time. */
async function runSender(setup: SenderSetup, mode: Mode): Promise<RoundResult> {
  const sender = createWebPushSender({
    vapid: { subject: 'mailto:bench@leadbell.app', ...setup.vapid },
    timeoutMs: 10_000,
    ca: setup.ca,
    vapidReuseMs: mode === 'reuse' ? 12 * 3600_000 : 0,
  });
  let failures = 0;
  const sendAll = async (count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          const target = setup.targets[next % setup.targets.length]!;
          next += 1;
          const answer = await sender.send(target, PAYLOAD, { ttlSeconds: 3600 });
          if (answer.statusCode !== 201) failures += 1;
        }
      }),
    );
  };
  await sendAll(WARM_UP);
  failures = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await sendAll(SENDS);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await sender.close();
  return { mode, sends: SENDS, failures, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function startSenderProcess(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--sender'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function request(child: ChildProcess, message: unknown): Promise<RoundResult> {
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as RoundResult));
    child.once('exit', (code) => reject(new Error(`sender exited with ${code}`)));
    child.send(message as object);
  });
}

async function main(): Promise<void> {
  const stub = await startPushServiceStub();
  const vapid = webpush.generateVAPIDKeys();
  const setup: SenderSetup = {
    ca: stub.ca,
    targets: Array.from({ length: SUBSCRIPTIONS }, () => stub.createSubscription().subscription),
    vapid,
  };
  const results: RoundResult[] = [];
  try {
    // A fresh process per round: no JIT or socket state carries from one mode to the other.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of ['reuse', 'sign-per-message'] as const) {
        const child = startSenderProcess();
        const exited = new Promise((resolve) => child.once('exit', resolve));
        results.push(await request(child, { setup, mode }));
        await exited;
      }
    }
  } finally {
    await stub.close();
  }

  const best = (mode: Mode) =>
    results
      .filter((result) => result.mode === mode)
      .map((result) => ({
        ...result,
        perCore: result.sends / (result.cpuMs / 1000),
        perSecond: result.sends / (result.wallMs / 1000),
      }))
      .sort((a, b) => b.perCore - a.perCore)[0]!;
  const reuse = best('reuse');
  const signing = best('sign-per-message');
  const failures = results.reduce((sum, result) => sum + result.failures, 0);
  console.log(
    `push sends against the local stub (aes128gcm, keep-alive HTTPS), ${SENDS} sends x ${ROUNDS} rounds per mode, best round`,
  );
  console.log(
    `  VAPID signed per message (baseline): ${signing.perCore.toFixed(0)} sends per CPU-second, ${signing.perSecond.toFixed(0)} sends/s wall`,
  );
  console.log(
    `  VAPID reused per push service:       ${reuse.perCore.toFixed(0)} sends per CPU-second, ${reuse.perSecond.toFixed(0)} sends/s wall`,
  );
  console.log(`  ratio reuse / per-message: ${(reuse.perCore / signing.perCore).toFixed(2)}x`);
  console.log(`  refused or failed sends: ${failures}`);
  const met = reuse.perCore >= TARGET_PER_CORE && failures === 0;
  console.log(`  target >= ${TARGET_PER_CORE} sends per core per second: ${met ? 'met' : 'NOT met'}`);
  process.exitCode = met ? 0 : 1;
}

if (process.argv.includes('--sender')) {
  process.once('message', (message) => {
    const { setup, mode } = message as { setup: SenderSetup; mode: Mode };
    // Disconnecting lets the process end on its own once the sockets close.
    void runSender(setup, mode).then((result) => process.send!(result, () => process.disconnect()));
  });
} else {
  await main();
}
