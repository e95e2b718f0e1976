import type { FastifyRequest } from 'fastify';

const INGESTION_ROUTES = new Set(['POST /v1/notify', 'POST /v1/hooks/:token']);
// What websites call besides sending leads: every page load of a form fetches its fill-time token.
const WEBSITE_ROUTES = new Set([...INGESTION_ROUTES, 'GET /v1/fill-token']);

function routeOf(request: FastifyRequest): string | null {
  const route = request.routeOptions.url;
  return route === undefined ? null : `${request.method} ${route}`;
}

/** Whether the request is a website sending a lead (the API key's endpoint or a form webhook). */
export function isIngestionRequest(request: FastifyRequest): boolean {
  const route = routeOf(request);
  return route !== null && INGESTION_ROUTES.has(route);
}

/** A website's request (a lead, or a form page's token), as `METHOD /route`; null for the console's. */
export function websiteRouteOf(request: FastifyRequest): string | null {
  const route = routeOf(request);
  return route !== null && WEBSITE_ROUTES.has(route) ? route : null;
}
