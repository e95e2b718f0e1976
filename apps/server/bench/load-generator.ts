import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

export type LoadOptions = {
  url: string;
  /** Each connection starts at its own offset and goes round this list. */
  requests: LoadRequest[];
  connections: number;
  durationSeconds: number;
};

export type LoadResult = { rate: number; total: number; failed: number; p50: number; p99: number };

/**
 * Closed-loop load from a process of its own with undici: the client never shares an event loop
 * with the server it measures, and unlike autocannon (which saturates near 15k req/s on this
 * machine kind) it does not cap the baseline, so ratios against a hello-world are not flattered.
 */
export function generateLoad(options: LoadOptions): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    child.send(options);
  });
}

/** A closed loop's rate against `url`, printed with its latency; more than 1% failed aborts the bench. */
export async function measureRate(
  name: string,
  { url, requests, connections, durationSeconds }: LoadOptions,
): Promise<number> {
  const result = await generateLoad({ url, requests, connections, durationSeconds });
  console.log(
    `  ${name}: ${Math.round(result.rate).toLocaleString('en')} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms` +
      (result.failed ? ` (${result.failed} failed)` : ''),
  );
  if (result.failed > result.total * 0.01) throw new Error(`${name}: ${result.failed} of ${result.total} failed`);
  return result.rate;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
