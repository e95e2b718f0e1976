import type { FastifyRequest } from 'fastify';

const INGESTION_ROUTES = new Set(['/v1/notify', '/v1/hooks/:token']);

/** Whether the request is a website sending a lead (the API key's endpoint or a form webhook). */
export function isIngestionRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return request.method === 'POST' && route !== undefined && INGESTION_ROUTES.has(route);
}
