import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console and public site. Unknown non-API GETs get index.html so client
 * routes (/flows/…) survive a reload; hashed assets are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'the web app is not built (run `npm run build`); serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (response, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/v1/') || path.extname(pathname)) {
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
