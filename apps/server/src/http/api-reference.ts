import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/escape-html.ts';
import { keptBody, sendKeptBody, type KeptBody } from './content-encoding.ts';
import { OPENAPI_PATH } from './openapi.ts';

export const API_REFERENCE_PATH = '/docs/api';
const ASSETS_PATH = `${API_REFERENCE_PATH}/assets`;

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const OWN_DIR = fileURLToPath(new URL('api-reference/', import.meta.url));

/** A file served from memory under a name that changes with its content, so browsers keep it for a year. */
type Asset = { url: string; contentType: string; body: KeptBody };

function loadAsset(file: string, contentType: string): Asset {
  // Source maps are not shipped: the comment would only make developer tools ask for a missing file.
  const text = readFileSync(file, 'utf8').replace(/\n\/[/*]# sourceMappingURL=\S+\s*(\*\/)?\s*$/, '\n');
  const identity = Buffer.from(text);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 12);
  const { name, ext } = path.parse(file);
  return { url: `${ASSETS_PATH}/${name}.${hash}${ext}`, contentType, body: keptBody(identity) };
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  reply.header('content-type', asset.contentType).header('cache-control', 'public, max-age=31536000, immutable');
  // Brotli's quality 9: Swagger UI's megabyte would take several seconds at 11, and its first request waits.
  return sendKeptBody(request, reply, asset.body, 9);
}

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%234338ca'/%3E%3Cg fill='none' stroke='%23fff' stroke-width='2' stroke-linecap='round' stroke-linejoin='round' transform='translate(4 4)'%3E%3Cpath d='M10.3 21a1.94 1.94 0 0 0 3.4 0'/%3E%3Cpath d='M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9'/%3E%3Cpath d='M2 8c0-2.2.7-4.3 2-6'/%3E%3Cpath d='M22 8a10 10 0 0 0-2-6'/%3E%3C/g%3E%3C/svg%3E";

const BELL_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/><path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M4 2C2.8 3.7 2 5.7 2 8"/><path d="M22 8c0-2.3-.8-4.3-2-6"/></svg>';

function page({ styles, scripts }: { styles: Asset[]; scripts: Asset[] }): string {
  return `<!doctype html>
<html lang="en" data-openapi-url="${escapeHtml(OPENAPI_PATH)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Leadbell</title>
<meta name="description" content="Leadbell's HTTP API: send a lead from your website with POST /v1/notify, and every endpoint of the console, generated from the server's own schemas.">
<link rel="icon" href="${FAVICON}" type="image/svg+xml">
${styles.map((asset) => `<link rel="stylesheet" href="${asset.url}">`).join('\n')}
</head>
<body>
<header class="lb-header">
  <a class="lb-brand" href="/"><span class="lb-mark">${BELL_ICON}</span><span>Leadbell</span></a>
  <span class="lb-section">API reference</span>
  <a class="lb-link" href="${OPENAPI_PATH}">OpenAPI <span class="lb-hide-narrow">document</span></a>
</header>
<main id="swagger-ui" class="lb-main">
  <noscript><p class="lb-noscript">The reference needs JavaScript. The same content is in the <a href="${OPENAPI_PATH}">OpenAPI document</a>.</p></noscript>
</main>
${scripts.map((asset) => `<script src="${asset.url}"></script>`).join('\n')}
</body>
</html>
`;
}

/**
 * The rendered API reference at /docs/api: Swagger UI served from the swagger-ui-dist package
 * with our own page and styles, reading /v1/openapi.json. Nothing comes from another origin.
 * Registered before the web app's catch-all, which would otherwise answer its 404 page here.
 */
export function registerApiReference(app: FastifyInstance): void {
  const styles = [
    loadAsset(path.join(SWAGGER_UI_DIR, 'swagger-ui.css'), 'text/css; charset=utf-8'),
    loadAsset(path.join(OWN_DIR, 'api-reference.css'), 'text/css; charset=utf-8'),
  ];
  const scripts = [
    loadAsset(path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), 'text/javascript; charset=utf-8'),
    loadAsset(path.join(OWN_DIR, 'api-reference.js'), 'text/javascript; charset=utf-8'),
  ];
  const html = page({ styles, scripts });
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

  app.get(API_REFERENCE_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(html);
  });
  for (const asset of [...styles, ...scripts]) {
    app.get(asset.url, { schema: { hide: true } }, async (request, reply) => sendAsset(request, reply, asset));
  }
}
