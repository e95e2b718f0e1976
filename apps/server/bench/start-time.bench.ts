// Benchmark (issue 14): how long `npm start` on a built tree takes to answer /readyz (target:
// under 3 s) and to stop on SIGTERM, on an existing data folder (the restart case), against a
// bare Fastify hello-world started the same way in the same run (Node's own start-up cost).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer, ROOT_DIR } from '../test/built-server.ts';
import { findFreePort } from '../src/lib/free-port.ts';
import { percentile } from './bench-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 3_000;

const HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/** Spawns `command`, times it to a 200 from /readyz, then times SIGTERM to exit. */
async function startAndStop(command: string[], env: Record<string, string>) {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited before it was ready`);
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  const stopping = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code} on SIGTERM`);
  return { readyMs, stopMs: performance.now() - stopping };
}

async function measure(label: string, command: string[], env: Record<string, string>) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await startAndStop(command, env));
  const ready = runs.map((run) => run.readyMs).sort((a, b) => a - b);
  const stop = runs.map((run) => run.stopMs).sort((a, b) => a - b);
  return { label, ready: percentile(ready, 50), readyMax: ready.at(-1)!, stop: percentile(stop, 50) };
}

async function main() {
  await buildServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-start-bench-'));
  const helloFile = path.join(ROOT_DIR, 'apps/server/dist/hello-world.bench.mjs');
  await writeFile(helloFile, HELLO_WORLD);
  try {
    // The first start creates the database cluster; every run measured is a restart.
    await startAndStop(['npm', 'start', '--silent'], { DATA_DIR: dataDir });
    const baseline = await measure('Fastify hello-world (node)', ['node', helloFile], {});
    const leadbell = await measure('Leadbell (npm start)', ['npm', 'start', '--silent'], { DATA_DIR: dataDir });
    console.log(`\nStart on a built tree, ${RUNS} runs each (median; max), restart on an existing data folder:`);
    for (const result of [baseline, leadbell]) {
      console.log(
        `  ${result.label.padEnd(30)} ready ${result.ready.toFixed(0).padStart(5)} ms (max ${result.readyMax.toFixed(0)} ms)` +
          `   SIGTERM → exit ${result.stop.toFixed(0).padStart(5)} ms`,
      );
    }
    console.log(
      `  Leadbell / hello-world: ${(leadbell.ready / baseline.ready).toFixed(1)}x to ready; ` +
        `target under ${TARGET_MS} ms: ${leadbell.ready < TARGET_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await rm(helloFile, { force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
