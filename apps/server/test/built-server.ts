import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const ROOT_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/** Bundles the server as `npm run build` does, so tests of the built programs run the code under test. */
export async function buildServer(): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: SERVER_DIR });
}

/** Runs one built program (dist/<name>.js) to its end; rejects with its output when it fails. */
export async function runBuilt(
  name: 'migrate' | 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [`dist/${name}.js`, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_FORMAT: 'json', ...env },
  });
  return stdout + stderr;
}
