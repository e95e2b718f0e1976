// What the benchmarks of a fresh installation share (issue 45): the product started as the README
// starts it, leads sent at a steady rate from the same process, and figures by 10-s window.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_DIR } from '../test/built-server.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { sharedSecretsEnv, startServerProcess, type ServerProcess } from '../test/test-app.ts';
import { percentile } from './bench-database.ts';
import { startPushReceiver } from './push-receiver.ts';
import { clusterCpuSeconds, processCpuSeconds } from './process-cpu.ts';
import { wallClock } from './stream-readers.ts';

// BENCH_WINDOW_S=1 shows the first seconds one by one.
export const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 10);

/**
 * The built server as `npm start` runs it (scripts/run-built.sh): on a fresh data folder with its
 * own embedded PostgreSQL unless `env` names a DATABASE_URL. BENCH_CPU_PROFILE=<folder> has it
 * write V8 CPU profiles there when it stops.
 */
export function startBuiltServer(env: Record<string, string>): Promise<ServerProcess> {
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  return startServerProcess(
    { LOG_LEVEL: 'warn', ...env },
    { command: [process.execPath, '--enable-source-maps', ...profile, path.join(SERVER_DIR, 'dist/main.js')] },
  );
}

/** The secrets every process of one installation shares, made once per installation. */
export const installationSecrets = sharedSecretsEnv;

/**
 * A fresh installation and what it talks to: an SMTP sink, the push service in a process of its
 * own (push-receiver.ts), and the built server started as `npm start` runs it, using both, with
 * `extraEnv` besides. `restart()` stops the server and starts it again on the same data folder, as
 * a deploy does.
 */
export async function startFreshInstallation(extraEnv: Record<string, string> = {}) {
  const smtp = await startSmtpSink();
  const receiver = await startPushReceiver();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-bench-install-'));
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUSH_SERVICE_HOSTS: receiver.host,
    NODE_EXTRA_CA_CERTS: receiver.caFile,
    ...installationSecrets(),
    ...extraEnv,
  };
  let server = await startBuiltServer(env);
  return {
    smtp,
    receiver,
    get server() {
      return server;
    },
    async restart() {
      await server.stop();
      server = await startBuiltServer(env);
    },
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      receiver.stop();
      await smtp.close();
    },
  };
}

/** A URL to the embedded PostgreSQL a server started in its data folder, for a second process. */
export function embeddedDatabaseUrlOf(server: ServerProcess): string {
  const port = readFileSync(path.join(server.dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
  const { embeddedPostgresPassword } = JSON.parse(readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')) as {
    embeddedPostgresPassword: string;
  };
  return `postgres://postgres:${encodeURIComponent(embeddedPostgresPassword)}@127.0.0.1:${port}/leadbell`;
}

/** CPU seconds so far of the server's process and of its embedded PostgreSQL. */
export function installationCpu(server: ServerProcess) {
  const postmaster = Number(readFileSync(path.join(server.dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
  return () => ({ server: processCpuSeconds(server.pid), postgres: clusterCpuSeconds(postmaster) });
}

export type Sender = { apiKey: string; flowId: string };

/**
 * Sends `rate` leads a second for `durationS` to `baseUrl`, evenly spaced, each timed from its
 * scheduled send time (a stalled server shows as latency, not as a slower rate), round the
 * senders. `onWindow` runs at each window's end. Returns each accepted lead's scheduled time and
 * why any request was not accepted (a lead without its 202 is a lost lead).
 */
export async function sendLeads({
  baseUrl,
  senders,
  rate,
  durationS,
  onWindow = () => {},
}: {
  baseUrl: string;
  senders: Sender[];
  rate: number;
  durationS: number;
  onWindow?: () => void;
}) {
  const scheduledAt = new Map<string, number>();
  const refusals = new Map<string, number>();
  const refuse = (reason: string) => refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
  const send = async (at: number, { apiKey, flowId }: Sender) => {
    const response = await fetch(`${baseUrl}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ flowId, data: { name: 'Bob', question: 'Is the flat still free?' } }),
      // Counted, not thrown: the run, and its servers, end properly.
    }).catch((error: unknown) => void refuse(`no answer: ${String((error as Error).cause ?? error)}`));
    if (!response) return;
    if (response.status !== 202) return void refuse(`${response.status} ${(await response.text()).slice(0, 200)}`);
    scheduledAt.set(((await response.json()) as { id: string }).id, at);
  };
  const total = rate * durationS;
  const start = wallClock() + 100;
  const inFlight: Array<Promise<void>> = [];
  for (let index = 0; index < total; index += 1) {
    const at = start + (index * 1000) / rate;
    if (index > 0 && index % (rate * WINDOW_S) === 0) onWindow();
    const wait = at - wallClock();
    if (wait > 1) await sleep(wait);
    inFlight.push(send(at, senders[index % senders.length]!));
  }
  await Promise.all(inFlight);
  const windows = Math.ceil(durationS / WINDOW_S);
  return {
    scheduledAt,
    refusals,
    refused: [...refusals.values()].reduce((sum, count) => sum + count, 0),
    windows,
    /** Milliseconds from each lead's scheduled send to its arrival, by window of the send. */
    latenciesByWindow(arrivals: Iterable<[id: string, arrivedAt: number]>): number[][] {
      const byWindow = Array.from({ length: windows }, () => [] as number[]);
      for (const [id, arrivedAt] of arrivals) {
        const at = scheduledAt.get(id);
        if (at === undefined) continue;
        byWindow[Math.min(windows - 1, Math.floor((at - start) / (WINDOW_S * 1000)))]!.push(arrivedAt - at);
      }
      return byWindow.map((latencies) => latencies.sort((a, b) => a - b));
    },
  };
}

/** A latency in ms, right-aligned in 6 characters. */
export const ms = (value: number | undefined) =>
  value === undefined ? '     –' : value.toFixed(value < 10 ? 1 : 0).padStart(6);

/** p50, p99 and max of sorted latencies. */
export const spread = (sorted: number[]) => ({
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  max: sorted.at(-1),
});

/** `  0–10  s` for window `index`. */
export const windowLabel = (index: number) =>
  `${String(index * WINDOW_S).padStart(2)}–${String((index + 1) * WINDOW_S).padEnd(3)} s`;
