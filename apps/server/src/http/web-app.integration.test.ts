import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { registerWebApp } from './web-app.ts';

const PUBLIC_URL = 'https://leads.example.com';
const SUPPORT_EMAIL = 'help@example.com';
const ASSET = 'console.log("public entry");'.repeat(20);

/** A build laid out as apps/web's `npm run build` leaves it, with the placeholders the pre-renderer writes. */
const FILES: Record<string, string | Buffer> = {
  'index.html':
    '<!doctype html><meta name="leadbell:support-email" content="%LEADBELL_SUPPORT_EMAIL%"><div id="root"></div>',
  'pages/index.html':
    '<!doctype html><link rel="canonical" href="%LEADBELL_PUBLIC_URL%/"><h1>Never Miss a Lead Again!</h1>',
  'pages/pricing/index.html':
    '<!doctype html><link rel="canonical" href="%LEADBELL_PUBLIC_URL%/pricing"><h1>Pricing</h1>',
  'pages/privacy-policy/index.html':
    '<!doctype html><a href="mailto:%LEADBELL_SUPPORT_EMAIL%">%LEADBELL_SUPPORT_EMAIL%</a>',
  'pages/blog/speed-to-lead/index.html': '<!doctype html><h1>Speed to lead</h1>',
  'pages/404.html': '<!doctype html><meta name="robots" content="noindex"><h1>Page not found</h1>',
  'sitemap.xml': '<urlset><url><loc>%LEADBELL_PUBLIC_URL%/</loc></url></urlset>',
  'robots.txt': 'User-agent: *\nSitemap: %LEADBELL_PUBLIC_URL%/sitemap.xml\n',
  'console-routes.json': JSON.stringify(['/sign-in', '/flows', '/flows/:flowId', '/flows/:flowId/edit']),
  'assets/public-abc123.js': ASSET,
  'assets/public-abc123.js.br': brotliCompressSync(ASSET),
  'assets/public-abc123.js.gz': gzipSync(ASSET),
  'sw.js': 'self.addEventListener("push", () => {});',
  'manifest.webmanifest': '{"name":"Leadbell"}',
  '.vite/manifest.json': '{}',
};

let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-web-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(distDir, file)), { recursive: true });
    await writeFile(path.join(distDir, file), content);
  }
  app = Fastify();
  registerErrorHandler(app);
  app.get('/v1/health', async () => ({ ok: true }));
  await registerWebApp(app, { distDir, publicUrl: PUBLIC_URL, supportEmail: SUPPORT_EMAIL });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
}

describe('web app › public pages', () => {
  it('serves each pre-rendered page at its path, with PUBLIC_URL written into the canonical link', async () => {
    const response = await get('/pricing');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<link rel="canonical" href="https://leads.example.com/pricing">');
    expect((await get('/')).body).toContain('Never Miss a Lead Again!');
    expect((await get('/blog/speed-to-lead')).body).toContain('Speed to lead');
  });

  it('writes SUPPORT_EMAIL into the legal pages and the console shell', async () => {
    expect((await get('/privacy-policy')).body).toBe(
      '<!doctype html><a href="mailto:help@example.com">help@example.com</a>',
    );
    expect((await get('/flows')).body).toContain('content="help@example.com"');
  });

  it('compresses pages with Brotli or gzip, whichever the browser accepts', async () => {
    const brotli = await get('/pricing', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('<h1>Pricing</h1>');

    const gzip = await get('/pricing', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Pricing</h1>');

    const plain = await get('/pricing');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 when the browser already has the page', async () => {
    const first = await get('/pricing');
    const again = await get('/pricing', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('redirects a trailing slash to the canonical path, keeping the query', async () => {
    const response = await get('/pricing/?plan=pro');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/pricing?plan=pro');
  });

  it('serves sitemap.xml and robots.txt with PUBLIC_URL written in', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>https://leads.example.com/</loc>');
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: https://leads.example.com/sitemap.xml');
  });
});

describe('web app › console and unknown paths', () => {
  it('answers the console’s routes with the console shell, so a reload keeps working', async () => {
    for (const url of ['/sign-in', '/flows', '/flows/3f2a9c', '/flows/3f2a9c/edit', '/flows?page=2']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('answers any other path with the 404 page and status 404', async () => {
    for (const url of [
      '/nope',
      '/flows/a/b/c',
      '/pricing/extra',
      '/index.html',
      '/pages/pricing/index.html',
      '/x.php',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('Page not found');
    }
  });

  it('leaves unknown API paths to the API’s JSON 404', async () => {
    const response = await get('/v1/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'No route GET /v1/nope',
        requestId: expect.any(String),
      },
    });
    expect((await get('/v1/health')).json()).toEqual({ ok: true });
  });

  it('does not serve the build’s bookkeeping files', async () => {
    for (const url of ['/console-routes.json', '/.vite/manifest.json', '/assets/public-abc123.js.br']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('web app › static files', () => {
  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const response = await get('/assets/public-abc123.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('makes browsers revalidate the service worker and the manifest every time', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
