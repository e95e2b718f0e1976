// Runs after `vite build`: renders every public page to complete HTML with the public entry's
// files linked, writes sitemap.xml, robots.txt and the console's route list for the server, and
// pre-compresses the assets (docs/decisions/018-pre-rendered-public-site.md).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';
import { CONSOLE_PATHS } from '../src/app/console-paths.ts';
import type * as ServerEntryModule from '../src/public/entry-server.tsx';
import { renderDocument } from '../src/public/render-document.ts';
import { PUBLIC_URL_TOKEN } from '../src/public/site-config.ts';
import { renderRobots, renderSitemap } from '../src/public/sitemap.ts';

type ServerEntry = typeof ServerEntryModule;
type ManifestChunk = { file: string; css?: string[] };

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(WEB_ROOT, 'dist');
const PAGES = path.join(DIST, 'pages');
const SSR_OUT = path.join(WEB_ROOT, 'node_modules/.cache/leadbell-prerender');
const PUBLIC_ENTRY = 'src/public/entry-client.ts';
const PUBLIC_MANIFEST = '.vite/public-manifest.json';
const COMPRESSIBLE = /\.(js|css|svg|webmanifest)$/;

/**
 * The public pages' script, built on its own: a chunk shared with the console build could carry
 * console code (and run the console's entry) on a public page, so the two builds share nothing.
 */
async function buildPublicEntry(): Promise<{ script: string; stylesheets: string[] }> {
  await build({
    root: WEB_ROOT,
    logLevel: 'warn',
    build: {
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: PUBLIC_MANIFEST,
      rolldownOptions: { input: { public: PUBLIC_ENTRY } },
    },
  });
  const manifest = JSON.parse(await readFile(path.join(DIST, PUBLIC_MANIFEST), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = manifest[PUBLIC_ENTRY]!;
  return { script: `/${entry.file}`, stylesheets: (entry.css ?? []).map((file) => `/${file}`) };
}

async function buildServerEntry(): Promise<ServerEntry> {
  await build({
    root: WEB_ROOT,
    logLevel: 'warn',
    build: {
      ssr: 'src/public/entry-server.tsx',
      outDir: SSR_OUT,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
    },
  });
  return (await import(pathToFileURL(path.join(SSR_OUT, 'entry-server.js')).href)) as ServerEntry;
}

function pageFile(pagePath: string): string {
  return path.join(PAGES, ...pagePath.split('/').filter(Boolean), 'index.html');
}

async function writeFileIn(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** gzip and Brotli copies beside each asset, served by @fastify/static's `preCompressed`. */
async function precompress(files: string[]): Promise<void> {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const [assets, entry] = await Promise.all([buildPublicEntry(), buildServerEntry()]);
  // Every asset exists now; compress them on the thread pool while the pages render.
  const compressing = precompress((await filesUnder(DIST)).filter((file) => COMPRESSIBLE.test(file)));
  const pages = entry.listPublicPages();
  await rm(PAGES, { recursive: true, force: true });

  const documentFor = async (pagePath: string) => {
    const { html, head } = await entry.renderPage(pagePath);
    return renderDocument({ head, origin: PUBLIC_URL_TOKEN, body: html, ...assets });
  };
  for (const page of pages) await writeFileIn(pageFile(page.path), await documentFor(page.path));
  await writeFileIn(path.join(PAGES, '404.html'), await documentFor(entry.NOT_FOUND_PATH));

  await writeFile(path.join(DIST, 'sitemap.xml'), renderSitemap(PUBLIC_URL_TOKEN, pages));
  await writeFile(path.join(DIST, 'robots.txt'), renderRobots(PUBLIC_URL_TOKEN, ['/v1/']));
  await writeFile(path.join(DIST, 'console-routes.json'), `${JSON.stringify(CONSOLE_PATHS, null, 2)}\n`);

  await compressing;
  await rm(SSR_OUT, { recursive: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Pre-rendered ${pages.length + 1} public pages in ${seconds} s`);
}

await main();
