import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type JsonResponse } from '../../test/http-client.ts';
import { onboardedOwner, PASSWORD, uniqueEmail } from '../../test/owners.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
let owner: Awaited<ReturnType<typeof onboardedOwner>>;
beforeAll(async () => {
  app = await startTestApp();
  owner = await onboardedOwner(app);
});
afterAll(async () => app?.close());

/** The body names the request it answers: the same id as the `x-request-id` header. */
function expectRequestId(response: JsonResponse, code: string, status: number) {
  expect(response.status).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.requestId).toEqual(expect.any(String));
  expect(response.body.error.requestId).toBe(response.headers.get('x-request-id'));
}

async function notifyWith(headers: Record<string, string>, body: unknown): Promise<JsonResponse> {
  const response = await fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('error envelope › error.requestId', () => {
  it('a validation error carries the request id beside its field messages', async () => {
    const response = await owner.client.post('/v1/flows', { name: 'x', title: 'Lead', message: 'Someone wrote in' });
    expectRequestId(response, 'validation_error', 400);
    expect(response.body.error.details.fields.name).toEqual(expect.any(Array));
  });

  it('a 401 without a session carries it', async () => {
    expectRequestId(await createHttpClient(app).get('/v1/me'), 'unauthorized', 401);
  });

  it('404s carry it: an unknown route, and another id than the caller’s', async () => {
    expectRequestId(await owner.client.get('/v1/no-such-thing'), 'not_found', 404);
    expectRequestId(await owner.client.get(`/v1/flows/${randomUUID()}`), 'not_found', 404);
  });

  it('the caller’s own x-request-id is the one named', async () => {
    const response = await createHttpClient(app).get('/v1/me', { 'x-request-id': 'support-case-42' });
    expect(response.body.error.requestId).toBe('support-case-42');
  });

  it('auth errors carry it: ours before the library, and the library’s own', async () => {
    const client = createHttpClient(app);
    // Answered by our preflight (unknown email) and by better-auth (wrong password) respectively.
    const unknown = await client.post('/v1/auth/sign-in/email', { email: uniqueEmail('nobody'), password: PASSWORD });
    expectRequestId(unknown, 'user_not_found', 404);
    const wrong = await client.post('/v1/auth/sign-in/email', { email: owner.email, password: 'Wr0ng-password!' });
    expectRequestId(wrong, 'invalid_credentials', 401);
    const crossSite = await client.post('/v1/auth/sign-up/email', {}, { origin: 'https://evil.example' });
    expectRequestId(crossSite, 'forbidden', 403);
    expectRequestId(await client.post('/v1/auth/no-such-endpoint', {}), 'not_found', 404);
  });

  it('/v1/notify errors carry it: a bad key and a bad body', async () => {
    expectRequestId(
      await notifyWith({ 'x-api-key': 'lb_live_nope' }, { flowId: randomUUID() }),
      'invalid_api_key',
      401,
    );
    const invalid = await notifyWith({ authorization: `Bearer ${owner.apiKey}` }, { flowId: 'not-a-uuid' });
    expectRequestId(invalid, 'validation_error', 400);
    expect(invalid.body.error.details.fields.flowId).toEqual(expect.any(Array));
  });
});
