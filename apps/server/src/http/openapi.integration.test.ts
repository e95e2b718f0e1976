import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let app: TestApp;
let document: Document;

beforeAll(async () => {
  app = await startTestApp();
  const response = await fetch(`${app.baseUrl}${OPENAPI_PATH}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  document = (await response.json()) as Document;
});
afterAll(async () => app?.close());

/** `/v1/flows/:id` → `/v1/flows/{id}`, as OpenAPI writes paths. */
function openApiPathOf(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The validator dereferences in place: give it a copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.specification).toBe('OpenAPI');
  });

  it('documents every API route the app registers, with its method, a summary and a success answer', () => {
    // HEAD is Fastify's automatic twin of each GET; the document itself is not an operation.
    const apiRoutes = app.routes.filter(
      (route) => route.url.startsWith('/v1/') && route.method !== 'HEAD' && route.url !== OPENAPI_PATH,
    );
    expect(apiRoutes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { method, url } of apiRoutes) {
      const operation = document.paths[openApiPathOf(url)]?.[method.toLowerCase()];
      const statuses = Object.keys(operation?.responses ?? {});
      if (!operation) missing.push(`${method} ${url}: not in the document`);
      else if (!operation.summary) missing.push(`${method} ${url}: no summary`);
      else if (!statuses.some((status) => /^[23]/.test(status))) missing.push(`${method} ${url}: no success response`);
      else if (!operation.tags?.length) missing.push(`${method} ${url}: no tag`);
    }
    expect(missing).toEqual([]);
  });

  it('leaves out what is not API: the web app, the reference page and the document itself', () => {
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/v1/'))).toEqual(['/healthz', '/readyz']);
    expect(document.paths[OPENAPI_PATH]).toBeUndefined();
  });

  it('documents /v1/notify with its API key, its three body types and its errors', () => {
    const notify = document.paths['/v1/notify']!.post!;
    expect(notify.security).toEqual([{ apiKey: [] }, { apiKeyHeader: [] }]);
    expect(Object.keys(notify.requestBody!.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
    ]);
    expect(Object.keys(notify.responses)).toEqual(
      expect.arrayContaining(['202', '303', '400', '401', '403', '404', '413', '429', '500']),
    );
    expect(Object.keys(notify.responses)).not.toContain('402');
    expect(notify.responses['202']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/NotifyResponse',
    });
    const form = JSON.stringify(notify.requestBody!.content['application/x-www-form-urlencoded']);
    for (const field of ['_apiKey', '_flowId', '_redirect', '_gotcha']) expect(form).toContain(field);
  });

  it('gives every error answer the shared envelope, and console routes the session schemes', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      properties: { error: { required: expect.arrayContaining(['code', 'message', 'requestId']) } },
    });
    const flow = document.paths['/v1/flows/{id}']!.get!;
    expect(flow.security).toEqual([{ sessionCookie: [] }, { sessionToken: [] }]);
    for (const status of ['401', '404', '500']) {
      expect(flow.responses[status]!.content!['application/json']!.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
    }
  });

  it('documents each auth endpoint the bridge serves with the shared body schema', () => {
    const signUp = document.paths['/v1/auth/sign-up/email']!.post!;
    expect(signUp.tags).toEqual(['Authentication']);
    expect(signUp.requestBody!.content['application/json']).toMatchObject({
      schema: { properties: { name: expect.any(Object), email: expect.any(Object), password: expect.any(Object) } },
    });
    expect(document.paths['/v1/auth/get-session']!.get).toBeDefined();
  });

  it('is served to any origin and names this server', async () => {
    const response = await fetch(`${app.baseUrl}${OPENAPI_PATH}`, { headers: { origin: 'https://tools.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await response.json()) as { servers: Array<{ url: string }> }).servers).toEqual([{ url: app.baseUrl }]);
  });
});
