// Benchmark (issue 6): Lighthouse 12, mobile profile, on /, /pricing and a blog post, against the
// built product started as a user starts it; plus the page weight of / (HTML + CSS + JS as
// transferred). Targets: every category at least 95, / under 100 kB. Builds nothing: run
// `npm run build` first. Results are recorded in docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/chromium.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DIST = path.join(ROOT, 'apps/web/dist');
const PAGES = ['/', '/pricing', '/blog/speed-to-lead'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const SCORE_TARGET = 95;
const WEIGHT_TARGET_BYTES = 100 * 1000;
const COUNTED_TYPES = new Set(['Document', 'Stylesheet', 'Script']);
const METRICS = [
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
] as const;

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number; mimeType?: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, logs: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${logs()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within 90 s:\n${logs()}`);
}

function startProcess(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  let output = '';
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, logs: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** HTML + CSS + JS of one page load, as Lighthouse saw them transferred. */
function pageWeight(requests: NetworkRequest[]): { bytes: number; lines: string[] } {
  const counted = requests.filter((request) => COUNTED_TYPES.has(request.resourceType ?? ''));
  return {
    bytes: counted.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    lines: counted.map(
      (request) => `    ${String(request.transferSize ?? 0).padStart(7)} B  ${new URL(request.url).pathname}`,
    ),
  };
}

/** The same files as a client that accepts only gzip receives them (content-length is the compressed size). */
async function gzipWeight(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    total += Number(response.headers.get('content-length'));
    await response.body?.cancel();
  }
  return total;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'pages/index.html'))) {
    throw new Error('The public pages are not built: run `npm run build` first.');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-lighthouse-'));
  const [serverPort, debuggingPort] = [await freePort(), await freePort()];
  const origin = `http://localhost:${serverPort}`;
  const server = startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const chromium = startProcess(
    CHROMIUM_PATH,
    [
      '--headless=new',
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${path.join(dataDir, 'chromium')}`,
    ],
    {},
  );
  let missed = false;
  try {
    await waitFor(`${origin}/readyz`, server.child, 'The server', server.logs);
    await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, chromium.child, 'Chromium', chromium.logs);

    console.log(`Lighthouse ${RUNS}× per page, mobile profile (simulated slow 4G, 4× CPU slowdown); median scores:`);
    let homeRequests: NetworkRequest[] = [];
    for (const page of PAGES) {
      const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
      const metrics: Record<string, number[]> = Object.fromEntries(METRICS.map(([id]) => [id, []]));
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${origin}${page}`, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
        for (const [id] of METRICS) metrics[id]!.push(result.lhr.audits[id]?.numericValue ?? Number.NaN);
        for (const category of CATEGORIES)
          scores[category]!.push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
        if (page === '/' && run === 0) {
          homeRequests = (result.lhr.audits['network-requests']?.details as { items: NetworkRequest[] }).items;
        }
      }
      const line = CATEGORIES.map((category) => {
        const score = median(scores[category]!);
        missed ||= score < SCORE_TARGET;
        return `${category} ${score}${score < SCORE_TARGET ? ' (below 95)' : ''}`;
      });
      const timings = METRICS.map(([id, label, unit]) => {
        const value = median(metrics[id]!);
        return `${label} ${unit ? Math.round(value) : value.toFixed(3)}${unit ? ` ${unit}` : ''}`;
      });
      console.log(`  ${page.padEnd(22)} ${line.join(' · ')}  (${timings.join(', ')})`);
    }

    const weight = pageWeight(homeRequests);
    const gzip = await gzipWeight(
      homeRequests.filter((request) => COUNTED_TYPES.has(request.resourceType ?? '')).map((request) => request.url),
    );
    missed ||= weight.bytes >= WEIGHT_TARGET_BYTES;
    console.log(`Page weight of / (HTML + CSS + JS as Lighthouse's Chromium received them, headers included):`);
    console.log(weight.lines.join('\n'));
    console.log(
      `  total ${(weight.bytes / 1000).toFixed(1)} kB (target < 100 kB: ${weight.bytes < WEIGHT_TARGET_BYTES ? 'met' : 'NOT met'}); ` +
        `bodies with gzip only: ${(gzip / 1000).toFixed(1)} kB`,
    );
    process.exitCode = missed ? 1 : 0;
  } finally {
    await stop(chromium.child);
    await stop(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
