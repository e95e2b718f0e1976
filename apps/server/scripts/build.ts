import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

// The server is bundled once at build time so `npm start` runs plain JavaScript on Node (no
// TypeScript compiler at start, no devDependencies): ready in well under the 3 s issue 14 asks.
// Packages stay in node_modules; only our own workspace code (@leadbell/shared) is bundled in.

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = `${SERVER_DIR}dist`;
/** Each is a program of its own: bundled separately so `import.meta.url` means dist/ in all of them. */
const ENTRY_POINTS = ['src/main.ts', 'src/cli/migrate.ts', 'src/cli/backup.ts', 'src/cli/restore.ts'];

const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@leadbell/') ? undefined : { path: args.path, external: true },
    );
  },
};

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
      sourcemap: true,
      logLevel: 'warning',
      plugins: [packagesStayExternal],
    }),
  ),
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
