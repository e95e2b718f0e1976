import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pricingNoteOf } from '@leadbell/shared/subscriptions';
import { keptBody, sendKeptBody, type KeptBody } from './content-encoding.ts';

export type WebAppOptions = {
  /** The web app's build: apps/web/dist. */
  distDir: string;
  /** Written into the pages' canonical URLs, sitemap.xml and robots.txt. */
  publicUrl: string;
  /** Written into the legal pages and the console shell. */
  supportEmail: string;
  /** Whether plans are sold (decision 050; off by default): the pricing page's note and the console shell's `leadbell:billing`. */
  isBillingEnabled?: boolean;
};

/** A file served from memory, with its placeholders filled in at boot, compressed on its first request. */
type Document = { body: KeptBody; etag: string; contentType: string };

const HTML = 'text/html; charset=utf-8';
/** Files the build leaves for this module; everything else in dist is a static file. */
const NOT_STATIC = ['**/*.html', 'pages/**', '**/*.br', '**/*.gz', 'sitemap.xml', 'robots.txt', 'console-routes.json'];

function documentOf(text: string, contentType: string): Document {
  const identity = Buffer.from(text);
  return {
    body: keptBody(identity),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    contentType,
  };
}

/** `/flows/:flowId` → a matcher for `/flows/anything-but-a-slash`. */
function routeMatcher(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/** pages/pricing/index.html → /pricing; pages/index.html → /. */
function pagePathOf(file: string): string {
  const directory = path.posix.dirname(file.split(path.sep).join('/'));
  return directory === '.' ? '/' : `/${directory}`;
}

async function loadDocuments(distDir: string, fill: (text: string) => string) {
  const read = async (file: string, contentType: string) =>
    documentOf(fill(await readFile(path.join(distDir, file), 'utf8')), contentType);
  const pagesDir = path.join(distDir, 'pages');
  const pageFiles = existsSync(pagesDir)
    ? (await readdir(pagesDir, { recursive: true })).filter(
        (file) => file.endsWith(`${path.sep}index.html`) || file === 'index.html',
      )
    : [];
  const pages = new Map<string, Document>();
  for (const file of pageFiles) pages.set(pagePathOf(file), await read(path.join('pages', file), HTML));
  for (const [route, file, type] of [
    ['/sitemap.xml', 'sitemap.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    if (existsSync(path.join(distDir, file))) pages.set(route, await read(file, type));
  }
  const consolePatterns = existsSync(path.join(distDir, 'console-routes.json'))
    ? (JSON.parse(await readFile(path.join(distDir, 'console-routes.json'), 'utf8')) as string[])
    : [];
  return {
    pages,
    consoleShell: await read('index.html', HTML),
    notFound: existsSync(path.join(pagesDir, '404.html')) ? await read('pages/404.html', HTML) : null,
    consoleRoutes: consolePatterns.map(routeMatcher),
  };
}

function sendDocument(request: FastifyRequest, reply: FastifyReply, document: Document, status = 200) {
  reply
    .code(status)
    .header('content-type', document.contentType)
    .header('cache-control', 'no-cache')
    .header('etag', document.etag)
    .header('vary', 'accept-encoding');
  if (status === 200 && request.headers['if-none-match'] === document.etag) return reply.code(304).send();
  return sendKeptBody(request, reply, document.body, 11);
}

/**
 * Serves the built web app (docs/decisions/018-pre-rendered-public-site.md): the pre-rendered
 * public pages for their paths, the console shell for the console's routes (so /flows/abc survives
 * a reload), the 404 page with status 404 for anything else, and hashed assets cached for a year.
 * PUBLIC_URL, SUPPORT_EMAIL and the billing mode are written into the pages here, so one build runs anywhere.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { distDir } = options;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'the web app is not built (run `npm run build`); serving the API only');
    return;
  }
  const fill = (text: string) =>
    text
      .replaceAll('%LEADBELL_PUBLIC_URL%', options.publicUrl)
      .replaceAll('%LEADBELL_SUPPORT_EMAIL%', options.supportEmail)
      .replaceAll('%LEADBELL_PRICING_NOTE%', pricingNoteOf(options.isBillingEnabled ?? false))
      .replaceAll('%LEADBELL_BILLING%', options.isBillingEnabled ? 'on' : 'off');
  const site = await loadDocuments(distDir, fill);
  if (!site.notFound) app.log.warn({ distDir }, 'the public pages are not pre-rendered (run `npm run build`)');

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: NOT_STATIC,
    // Our own Cache-Control below, not the plugin's `max-age=0`.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      // Hashed names change with their content; anything else (sw.js, the manifest, icons) must be revalidated.
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // Not part of the API: kept out of the OpenAPI document.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [pathname = '/', query] = request.url.split('?');
    if (pathname === '/v1' || pathname.startsWith('/v1/')) return reply.callNotFound();
    if (pathname.length > 1 && pathname.endsWith('/')) {
      return reply.redirect(`${pathname.replace(/\/+$/, '') || '/'}${query === undefined ? '' : `?${query}`}`, 301);
    }
    const page = site.pages.get(pathname);
    if (page) return sendDocument(request, reply, page);
    if (site.consoleRoutes.some((route) => route.test(pathname)))
      return sendDocument(request, reply, site.consoleShell);
    if (site.notFound) return sendDocument(request, reply, site.notFound, 404);
    return reply.callNotFound();
  });
}
