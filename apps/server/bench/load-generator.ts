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
