import type { FastifyInstance } from 'fastify';
import { parseFormBody } from './notify-form.ts';

/**
 * The bodies websites and services send, accepted on the ingestion routes only: plain HTML forms,
 * and `text/plain` JSON, which lets a page post without a CORS preflight (navigator.sendBeacon,
 * no-cors fetch). JSON itself is Fastify's own parser.
 */
export function addIngestionBodyParsers(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, parseFormBody(body as string)),
  );
  scope.addContentTypeParser('text/plain', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
}
