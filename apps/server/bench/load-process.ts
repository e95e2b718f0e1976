// The process behind generateLoad (load-generator.ts): takes its options as one IPC message,
// answers with the result and exits.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { percentile } from './bench-database.ts';
import type { LoadOptions, LoadResult } from './load-generator.ts';

async function run({ url, requests, connections, durationSeconds }: LoadOptions): Promise<LoadResult> {
  const pool = new Pool(url, { connections, pipelining: 1 });
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  const runConnection = async (offset: number) => {
    for (let index = offset; performance.now() < deadline; index += 1) {
      const { method, path, headers, body } = requests[index % requests.length]!;
      const sent = performance.now();
      try {
        const response = await pool.request({ method, path, headers, body });
        await response.body.dump();
        if (response.statusCode >= 300) failed += 1;
      } catch {
        failed += 1;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, offset) => runConnection(offset)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsedSeconds,
    total: latencies.length,
    failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

process.once('message', (options) => {
  void run(options as LoadOptions).then((result) => process.send!(result, () => process.exit(0)));
});
