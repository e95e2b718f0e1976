import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

// Browsers may not use these features on any Leadbell page; notifications are not governed here.
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Security headers on every answer (decision 027). Scripts run only from our own files: no page
 * has an inline script (the pre-rendered pages' JSON-LD blocks are data, never executed), so the
 * policy needs no hash or nonce. Inline style attributes stay allowed: Radix and the pre-rendered
 * pages set CSS variables through them, and a style cannot run code.
 * The headers are the same for every answer, so Helmet computes them once at start, where its
 * Fastify plugin built a new Helmet for every request (issue 23).
 */
export function registerSecurityHeaders(app: FastifyInstance, { publicUrl }: { publicUrl: string }): void {
  const isHttps = new URL(publicUrl).protocol === 'https:';
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'script-src-attr': ["'none'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          'manifest-src': ["'self'"],
          'worker-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(isHttps && { 'upgrade-insecure-requests': [] }),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Only over https (a browser ignores it on http, and localhost must stay reachable without TLS).
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Websites post leads to /v1/notify from their own origin; the API's CORS rules decide, not CORP.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  headers.set('permissions-policy', PERMISSIONS_POLICY);
  // On the raw response, so streams that write their own head (live events) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers a Helmet middleware sets on an answer (none of ours depends on the request). */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
): Map<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
