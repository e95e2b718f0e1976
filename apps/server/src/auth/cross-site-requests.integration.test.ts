import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../test/http-client.ts';
import { PASSWORD, createFlow, notify, onboardedOwner } from '../../test/owners.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// A cookie goes with every request the browser sends to Leadbell, whichever page started it:
// SameSite=Lax keeps it off cross-site POSTs from other sites' pages, but not from a sibling
// subdomain (same site), and a form or a no-cors fetch needs no preflight for text/plain. So every
// state change made with the session cookie checks where it came from and takes JSON only.

let app: TestApp;
let owner: Awaited<ReturnType<typeof onboardedOwner>>;
let flowId: string;

beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
  owner = await onboardedOwner(app);
  flowId = await createFlow(owner.client);
});
afterAll(async () => app?.close());

/** A raw request with the owner's session cookie and exactly the headers given (no Origin unless named). */
async function withCookie(method: string, path: string, headers: Record<string, string>, body?: string) {
  const cookie = [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { cookie, 'x-forwarded-for': '203.0.113.200', ...headers },
    ...(body !== undefined && { body }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function leadStatus(leadId: string): Promise<string> {
  return (await owner.client.get(`/v1/leads/${leadId}`)).body.status as string;
}

async function openLead(): Promise<string> {
  return (await notify(app, owner.apiKey, { flowId, data: { name: 'Ann' } })).id;
}

describe('cross-site requests › cookie-authenticated state changes', () => {
  it('a text/plain claim from another origin with the session cookie answers 403, and the lead stays open', async () => {
    const leadId = await openLead();
    const response = await withCookie(
      'POST',
      `/v1/leads/${leadId}/claim`,
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      '',
    );
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'forbidden',
      message: 'This request did not come from the Leadbell console.',
    });
    expect(await leadStatus(leadId)).toBe('open');
  });

  it('a sibling subdomain (same site, another origin) and a request that only says Sec-Fetch-Site: same-site are refused', async () => {
    const leadId = await openLead();
    const sibling = new URL(app.baseUrl);
    sibling.hostname = 'evil.localhost';
    const attempts: Array<Record<string, string>> = [
      { origin: sibling.origin, 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
      { origin: 'null', 'content-type': 'application/json' },
    ];
    for (const headers of attempts)
      expect((await withCookie('POST', `/v1/leads/${leadId}/claim`, headers, '{}')).status).toBe(403);
    expect(await leadStatus(leadId)).toBe('open');
  });

  it('deletes and changes from another origin are refused the same way', async () => {
    const created = await owner.client.post('/v1/canned-replies', { title: 'Ours', body: 'Hello' });
    const evil = { origin: 'https://evil.example', 'content-type': 'application/json' };
    expect((await withCookie('DELETE', `/v1/canned-replies/${created.body.id}`, evil)).status).toBe(403);
    expect((await withCookie('PATCH', `/v1/canned-replies/${created.body.id}`, evil, '{"title":"x"}')).status).toBe(
      403,
    );
    expect((await owner.client.get('/v1/canned-replies')).body.data).toContainEqual(
      expect.objectContaining({ id: created.body.id, title: 'Ours' }),
    );
  });

  it('from the console’s own origin, a body that is not JSON answers 415 and changes nothing', async () => {
    const leadId = await openLead();
    for (const [contentType, body] of [
      ['text/plain', ''],
      ['text/plain', '{}'],
      ['application/x-www-form-urlencoded', 'a=b'],
      [undefined, undefined],
    ] as const) {
      const response = await withCookie(
        'POST',
        `/v1/leads/${leadId}/claim`,
        { origin: app.baseUrl, ...(contentType && { 'content-type': contentType }) },
        body,
      );
      expect(response.status, String(contentType)).toBe(415);
      expect(response.body.error.code).toBe('unsupported_media_type');
    }
    expect(await leadStatus(leadId)).toBe('open');
  });

  it('the same claim from the console’s origin with an empty JSON body claims the lead', async () => {
    const leadId = await openLead();
    const response = await withCookie(
      'POST',
      `/v1/leads/${leadId}/claim`,
      { origin: app.baseUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      '{}',
    );
    expect(response.status).toBe(200);
    expect(await leadStatus(leadId)).toBe('claimed');
    // A service worker's fetch says Sec-Fetch-Site: same-origin with its Origin; so does a page's.
    const second = await openLead();
    const fromWorker = await withCookie(
      'POST',
      `/v1/leads/${second}/claim`,
      { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' },
      '{}',
    );
    expect(fromWorker.status).toBe(200);
  });
});

describe('cross-site requests › what the check leaves alone', () => {
  it('a bearer session (a script of the owner’s own, no cookie) needs no Origin', async () => {
    const signIn = await createHttpClient(app).post('/v1/auth/sign-in/email', {
      email: owner.email,
      password: PASSWORD,
    });
    const bearer = createHttpClient(app, { bearer: signIn.headers.get('set-auth-token')! });
    const leadId = await openLead();
    expect((await bearer.post(`/v1/leads/${leadId}/claim`)).status).toBe(200);
  });

  it('API-key routes take a website’s text/plain JSON from any origin', async () => {
    const response = await fetch(`${app.baseUrl}/v1/notify`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-api-key': owner.apiKey, origin: 'https://www.some-site.example' },
      body: JSON.stringify({ flowId, data: { name: 'Bo' } }),
    });
    expect(response.status).toBe(202);
  });

  it('reads need neither: a GET with the cookie from anywhere still answers (the browser keeps the answer from other sites)', async () => {
    expect((await withCookie('GET', '/v1/me', { origin: 'https://evil.example' })).status).toBe(200);
  });
});
