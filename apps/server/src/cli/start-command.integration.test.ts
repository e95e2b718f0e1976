import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isOwnSource, trimMappings } from '../../scripts/trim-source-maps.ts';
import { buildServer, ROOT_DIR, SERVER_DIR } from '../../test/built-server.ts';
import { startServerProcess, WITH_SERVER_PROCESS_MS } from '../../test/test-app.ts';

// Issue 14: `npm start` runs the built server itself (exec, no shell or TypeScript compiler in
// between), so SIGTERM from Docker or systemd reaches it and it stops PostgreSQL cleanly.

beforeAll(buildServer, 60_000);

describe.runIf(inject('databaseKind') === 'embedded')('npm start', () => {
  it(
    'serves, and SIGTERM to npm stops the server and its PostgreSQL with exit 0 and no error logs',
    async () => {
      const server = await startServerProcess(
        { LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
        { command: ['npm', 'start', '--silent'], cwd: ROOT_DIR },
      );
      const postgresPid = Number(
        readFileSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);

      const code = await server.stop('SIGTERM');

      expect(code).toBe(0);
      expect(() => process.kill(postgresPid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.map((line) => line.msg)).toContain('shutting down');
      expect(lines.map((line) => line.msg)).toContain('stopped');
    },
    WITH_SERVER_PROCESS_MS,
  );
});

describe.runIf(inject('databaseKind') === 'embedded')('the built bundles’ source maps', () => {
  it('map our sources, and no package’s (decision 098)', () => {
    const dist = path.join(SERVER_DIR, 'dist');
    const maps = readdirSync(dist).filter((file) => file.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(4);
    for (const file of maps) {
      const map = JSON.parse(readFileSync(path.join(dist, file), 'utf8'));
      // Trimmed already: trimming again changes nothing.
      expect(trimMappings(map, isOwnSource), file).toBe(map.mappings);
    }
    // A frame in our code still points at its TypeScript: buildApp's declaration in the app chunk.
    const chunk = readdirSync(dist).find((file) => /^app-.*\.js$/.test(file))!;
    const lines = readFileSync(path.join(dist, chunk), 'utf8').split('\n');
    const line = lines.findIndex((text) => text.includes('async function buildApp('));
    const map = new SourceMap(JSON.parse(readFileSync(path.join(dist, `${chunk}.map`), 'utf8')));
    expect(map.findEntry(line, lines[line]!.indexOf('buildApp'))).toMatchObject({
      originalSource: expect.stringMatching(/\/src\/app\.ts$/),
    });
  });
});
