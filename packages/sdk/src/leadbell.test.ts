import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedPort, startScriptedServer, type ScriptedAnswer, type ScriptedServer } from '../test/scripted-server.ts';
import { LeadbellApiError, LeadbellError, LeadbellNetworkError } from './errors.ts';
import { FILL_TOKEN_MAX_LENGTH } from './get-fill-token.ts';
import { Leadbell } from './leadbell.ts';
import type { LeadbellOptions } from './read-options.ts';

const FLOW_ID = '0b4e80c2-6f5e-4a43-9c41-1f0d1d1e2a3b';
const API_KEY = 'lb_live_test_key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// The shape the server issues: when the page loaded, a nonce and a signature.
const FILL_TOKEN = 'mi9x3k2a.q1w2e3r4t5y6u7i8.a1s2d3f4g5h6j7k8l9z0x1';

const accepted = (overrides: Record<string, unknown> = {}): ScriptedAnswer => ({
  status: 202,
  headers: { 'x-request-id': 'req-ok' },
  body: {
    id: 'c5d3e0a4-1111-4222-8333-944455556666',
    flowId: FLOW_ID,
    createdAt: '2026-11-22T09:30:00.000Z',
    status: 'accepted',
    held: false,
    test: false,
    unusedFields: ['phone'],
    ...overrides,
  },
});

const apiError = (
  status: number,
  code: string,
  {
    headers = {},
    details,
    requestId = `req-${status}`,
  }: { headers?: Record<string, string>; details?: unknown; requestId?: string | null } = {},
): ScriptedAnswer => ({
  status,
  headers: { 'x-request-id': requestId ?? 'req-from-header', ...headers },
  body: {
    error: {
      code,
      message: `Scripted ${code}.`,
      ...(requestId !== null && { requestId }),
      ...(details !== undefined && { details }),
    },
  },
});

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(...script: ScriptedAnswer[]) {
  server = await startScriptedServer(script);
  return server;
}

function client(baseUrl: string, options: Partial<LeadbellOptions> = {}) {
  // A 1 ms backoff base: the retry logic runs for real without the tests waiting for it.
  return new Leadbell({ apiKey: API_KEY, baseUrl, retryBaseDelayMs: 1, ...options });
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`Expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('Leadbell.notify', () => {
  it('posts the notification with the key and answers the parsed 202', async () => {
    const { baseUrl, requests } = await serve(accepted());
    const result = await client(baseUrl).notify({
      flowId: FLOW_ID,
      data: { name: 'Ann Lee', phone: '+1 555 0100', vip: true },
    });

    expect(result).toEqual({
      id: 'c5d3e0a4-1111-4222-8333-944455556666',
      flowId: FLOW_ID,
      createdAt: '2026-11-22T09:30:00.000Z',
      status: 'accepted',
      held: false,
      test: false,
      unusedFields: ['phone'],
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/notify');
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    expect(JSON.parse(request!.body)).toEqual({
      flowId: FLOW_ID,
      data: { name: 'Ann Lee', phone: '+1 555 0100', vip: true },
    });
  });

  it('sends title, message, url and test, and nothing the caller added beside them', async () => {
    const { baseUrl, requests } = await serve(
      accepted({ test: true, status: 'held', held: true, warning: 'Over the plan’s monthly limit.' }),
    );
    const input = {
      flowId: FLOW_ID,
      title: 'Call back {{name}}',
      message: 'Now',
      url: 'https://www.example.com/leads/1',
      test: true,
      extra: 'not documented',
    };
    const result = await client(baseUrl).notify(input);

    expect(result).toMatchObject({ test: true, status: 'held', held: true, warning: 'Over the plan’s monthly limit.' });
    expect(JSON.parse(requests[0]!.body)).toEqual({
      flowId: FLOW_ID,
      title: 'Call back {{name}}',
      message: 'Now',
      url: 'https://www.example.com/leads/1',
      test: true,
    });
  });

  it('sends the fill token got when the page loaded and the Turnstile token with the lead', async () => {
    const { baseUrl, requests } = await serve({ status: 200, body: { token: FILL_TOKEN } }, accepted());
    const leadbell = client(baseUrl);
    const fillToken = await leadbell.getFillToken(FLOW_ID);
    await leadbell.notify({
      flowId: FLOW_ID,
      data: { name: 'Ann' },
      fillToken,
      turnstileToken: '0.turnstile-response',
    });

    expect(JSON.parse(requests[1]!.body)).toEqual({
      flowId: FLOW_ID,
      data: { name: 'Ann' },
      fillToken: FILL_TOKEN,
      turnstileToken: '0.turnstile-response',
    });
  });

  it('resolves a baseUrl with a path below it (a Leadbell behind a path prefix)', async () => {
    const { baseUrl, requests } = await serve(accepted());
    await client(`${baseUrl}/leadbell`).notify({ flowId: FLOW_ID });
    expect(requests[0]!.url).toBe('/leadbell/v1/notify');
  });

  it('tolerates an older server that omits held, test and unusedFields, and a status it does not know', async () => {
    const { baseUrl } = await serve({
      status: 202,
      body: { id: 'n1', flowId: FLOW_ID, createdAt: '2026-11-22T09:30:00.000Z', status: 'queued', later: 1 },
    });
    const result = await client(baseUrl).notify({ flowId: FLOW_ID, test: true });
    expect(result).toEqual({
      id: 'n1',
      flowId: FLOW_ID,
      createdAt: '2026-11-22T09:30:00.000Z',
      status: 'queued',
      held: false,
      test: true,
      unusedFields: [],
    });
  });

  it('retries 503 and succeeds, with the same Idempotency-Key on every attempt', async () => {
    const { baseUrl, requests } = await serve(
      apiError(503, 'service_unavailable'),
      apiError(503, 'service_unavailable'),
      accepted(),
    );
    const result = await client(baseUrl).notify({ flowId: FLOW_ID, data: { name: 'Ann' } });

    expect(result.status).toBe('accepted');
    expect(requests).toHaveLength(3);
    const keys = new Set(requests.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(UUID);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
  });

  it('uses the caller’s idempotency key, and a new key for each call without one', async () => {
    const { baseUrl, requests } = await serve(apiError(500, 'internal_error'), accepted());
    const leadbell = client(baseUrl);
    await leadbell.notify({ flowId: FLOW_ID }, { idempotencyKey: 'order-10042' });
    await leadbell.notify({ flowId: FLOW_ID });
    await leadbell.notify({ flowId: FLOW_ID });

    expect(requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'order-10042',
      'order-10042',
      expect.stringMatching(UUID),
      expect.stringMatching(UUID),
    ]);
    expect(requests[2]!.headers['idempotency-key']).not.toBe(requests[3]!.headers['idempotency-key']);
  });

  it('refuses an idempotency key the API would refuse, before sending anything', async () => {
    const { baseUrl, requests } = await serve(accepted());
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }, { idempotencyKey: 'order 1' }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/idempotencyKey must be 1 to 255 visible ASCII characters/);
    expect(requests).toHaveLength(0);
  });

  it('waits for Retry-After in seconds rather than its own backoff', async () => {
    const { baseUrl, requests } = await serve(
      apiError(429, 'rate_limited', { headers: { 'retry-after': '1' } }),
      accepted(),
    );
    await client(baseUrl).notify({ flowId: FLOW_ID });

    expect(requests).toHaveLength(2);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('waits for Retry-After as an HTTP date', async () => {
    // HTTP dates have whole seconds: two seconds ahead is at least one second of waiting.
    const retryAt = new Date(Date.now() + 2000).toUTCString();
    const { baseUrl, requests } = await serve(
      apiError(503, 'internal_error', { headers: { 'retry-after': retryAt } }),
      accepted(),
    );
    await client(baseUrl).notify({ flowId: FLOW_ID });

    expect(requests).toHaveLength(2);
    const waited = requests[1]!.at - requests[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(2500);
  });

  it('throws at once when Retry-After is longer than maxRetryAfterMs, saying how long', async () => {
    const { baseUrl, requests } = await serve(
      apiError(429, 'rate_limited', { headers: { 'retry-after': '86400' } }),
      accepted(),
    );
    const started = Date.now();
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }));

    expect(Date.now() - started).toBeLessThan(1000);
    expect(requests).toHaveLength(1);
    expect(error).toBeInstanceOf(LeadbellApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 86_400_000, attempts: 1 });
  });

  it('gives up after maxRetries retries of 429 and throws the last answer', async () => {
    const { baseUrl, requests } = await serve(apiError(429, 'rate_limited', { headers: { 'retry-after': '0' } }));
    const error = await rejectionOf(client(baseUrl, { maxRetries: 2 }).notify({ flowId: FLOW_ID }));

    expect(requests).toHaveLength(3);
    expect(error).toBeInstanceOf(LeadbellApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      attempts: 3,
      retryAfterMs: 0,
      requestId: 'req-429',
    });
  });

  it('does not retry a 400 and throws LeadbellApiError with code, fields, status and request id', async () => {
    const fields = { 'data.email': ['Data values must be text, numbers or true/false.'] };
    const { baseUrl, requests } = await serve(
      apiError(400, 'validation_error', { details: { fields }, requestId: 'req-abc' }),
    );
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }));

    expect(requests).toHaveLength(1);
    expect(error).toBeInstanceOf(LeadbellApiError);
    expect(error).toBeInstanceOf(LeadbellError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'LeadbellApiError',
      status: 400,
      code: 'validation_error',
      message: 'Scripted validation_error.',
      fields,
      details: { fields },
      requestId: 'req-abc',
      attempts: 1,
    });
  });

  it.each([
    [401, 'invalid_api_key'],
    [402, 'seat_limit_reached'],
    [403, 'origin_not_allowed'],
    [404, 'not_found'],
    [413, 'payload_too_large'],
  ])('does not retry %i %s', async (status, code) => {
    const { baseUrl, requests } = await serve(apiError(status, code));
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }));
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ status, code, fields: {}, details: undefined });
  });

  it('reads the request id from the x-request-id header when the body has none', async () => {
    const { baseUrl } = await serve(apiError(404, 'not_found', { requestId: null }));
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }));
    expect(error).toMatchObject({ code: 'not_found', requestId: 'req-from-header' });
  });

  it('keeps a code it does not know, for the caller to treat by status', async () => {
    const { baseUrl } = await serve(apiError(409, 'flow_paused'));
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }));
    expect(error).toMatchObject({ status: 409, code: 'flow_paused' });
  });

  it('answers unexpected_response for a proxy’s HTML error page, after retrying it', async () => {
    const { baseUrl, requests } = await serve({
      status: 502,
      headers: { 'x-request-id': 'edge-1' },
      body: '<html><h1>Bad gateway</h1></html>',
    });
    const error = await rejectionOf(client(baseUrl, { maxRetries: 1 }).notify({ flowId: FLOW_ID }));

    expect(requests).toHaveLength(2);
    expect(error).toBeInstanceOf(LeadbellApiError);
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response', requestId: 'edge-1', attempts: 2 });
    expect((error as Error).message).toContain('Bad gateway');
  });

  it('does not follow a redirect, and says to fix baseUrl', async () => {
    const { baseUrl, requests } = await serve({
      status: 301,
      headers: { location: 'https://leadbell.example.com/v1/notify' },
    });
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }));

    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ status: 301, code: 'unexpected_response' });
    expect((error as Error).message).toMatch(/redirected to https:\/\/leadbell\.example\.com\/v1\/notify: set baseUrl/);
  });

  it('throws LeadbellNetworkError after its retries when the connection is refused', async () => {
    const port = await closedPort();
    const error = await rejectionOf(client(`http://127.0.0.1:${port}`, { maxRetries: 2 }).notify({ flowId: FLOW_ID }));

    expect(error).toBeInstanceOf(LeadbellNetworkError);
    expect(error).toBeInstanceOf(LeadbellError);
    expect(error).toMatchObject({ name: 'LeadbellNetworkError', isTimeout: false, attempts: 3 });
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('times an attempt out after timeoutMs and retries it with the same key', async () => {
    const { baseUrl, requests } = await serve('hang', accepted());
    const started = Date.now();
    const result = await client(baseUrl, { timeoutMs: 200 }).notify({ flowId: FLOW_ID });

    expect(result.status).toBe('accepted');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers['idempotency-key']).toBe(requests[0]!.headers['idempotency-key']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('throws a LeadbellNetworkError marked as a timeout when the last attempt times out', async () => {
    const { baseUrl, requests } = await serve('hang');
    const started = Date.now();
    const error = await rejectionOf(client(baseUrl, { maxRetries: 5 }).notify({ flowId: FLOW_ID }, { timeoutMs: 150 }));
    const elapsed = Date.now() - started;

    expect(error).toBeInstanceOf(LeadbellNetworkError);
    expect(error).toMatchObject({ isTimeout: true, attempts: 6 });
    expect((error as Error).message).toContain('no answer within 150 ms');
    expect(requests).toHaveLength(6);
    expect(elapsed).toBeGreaterThanOrEqual(6 * 150);
  });

  it('rejects with the signal’s reason, sending nothing, when the signal is already aborted', async () => {
    const { baseUrl, requests } = await serve(accepted());
    const controller = new AbortController();
    controller.abort();
    const error = await rejectionOf(client(baseUrl).notify({ flowId: FLOW_ID }, { signal: controller.signal }));

    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(requests).toHaveLength(0);
  });

  it('stops at once when the signal aborts during an attempt', async () => {
    const { baseUrl, requests, waitForRequests } = await serve('hang', accepted());
    const controller = new AbortController();
    const reason = new Error('The visitor left.');
    const notifying = client(baseUrl).notify({ flowId: FLOW_ID }, { signal: controller.signal });
    await waitForRequests(1);
    const abortedAt = Date.now();
    controller.abort(reason);

    expect(await rejectionOf(notifying)).toBe(reason);
    expect(Date.now() - abortedAt).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toHaveLength(1);
  });

  it('stops at once when the signal aborts while waiting to retry, and never retries', async () => {
    const { baseUrl, requests, waitForRequests } = await serve(
      apiError(503, 'internal_error', { headers: { 'retry-after': '30' } }),
      accepted(),
    );
    const controller = new AbortController();
    const notifying = client(baseUrl).notify({ flowId: FLOW_ID }, { signal: controller.signal });
    await waitForRequests(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const abortedAt = Date.now();
    controller.abort();

    const error = await rejectionOf(notifying);
    expect((error as DOMException).name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(200);
    expect(requests).toHaveLength(1);
  });
});

describe('Leadbell.getFillToken', () => {
  it('gets the flow’s token without the key or a header that needs a CORS preflight', async () => {
    const { baseUrl, requests } = await serve({ status: 200, body: { token: FILL_TOKEN } });
    expect(await client(baseUrl).getFillToken(FLOW_ID)).toBe(FILL_TOKEN);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('GET');
    expect(request!.url).toBe(`/v1/fill-token?flowId=${FLOW_ID}`);
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.headers['content-type']).toBeUndefined();
  });

  it('asks below the baseUrl’s path (a Leadbell behind a path prefix)', async () => {
    const { baseUrl, requests } = await serve({ status: 200, body: { token: FILL_TOKEN } });
    await client(`${baseUrl}/leadbell/`).getFillToken(FLOW_ID);
    expect(requests[0]!.url).toBe(`/leadbell/v1/fill-token?flowId=${FLOW_ID}`);
  });

  it.each<[string, ScriptedAnswer]>([
    ['a 400 for a flow id that is not one', apiError(400, 'validation_error')],
    ['a 503', apiError(503, 'service_unavailable')],
    ['a proxy’s HTML page with 200', { status: 200, body: '<html>Welcome</html>' }],
    ['JSON without a token', { status: 200, body: { other: 'x' } }],
    ['JSON null', { status: 200, body: null }],
    ['a token that is not text', { status: 200, body: { token: 42 } }],
    ['an empty token', { status: 200, body: { token: '' } }],
    ['a token longer than notify accepts', { status: 200, body: { token: 'x'.repeat(FILL_TOKEN_MAX_LENGTH + 1) } }],
  ])('resolves undefined for %s, after one request', async (_, answer) => {
    const { baseUrl, requests } = await serve(answer);
    expect(await client(baseUrl).getFillToken(FLOW_ID)).toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  it('resolves undefined when the connection is refused', async () => {
    const port = await closedPort();
    expect(await client(`http://127.0.0.1:${port}`).getFillToken(FLOW_ID)).toBeUndefined();
  });

  it('resolves undefined after timeoutMs when no answer comes, without retrying', async () => {
    const { baseUrl, requests } = await serve('hang');
    const started = Date.now();
    expect(await client(baseUrl, { timeoutMs: 5_000 }).getFillToken(FLOW_ID, { timeoutMs: 150 })).toBeUndefined();

    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(1_000);
    expect(requests).toHaveLength(1);
  });

  it('rejects with the signal’s reason when it aborts, and sends nothing when it already has', async () => {
    const { baseUrl, requests, waitForRequests } = await serve('hang');
    const leadbell = client(baseUrl);
    const aborted = new AbortController();
    aborted.abort();
    expect(((await rejectionOf(leadbell.getFillToken(FLOW_ID, { signal: aborted.signal }))) as DOMException).name).toBe(
      'AbortError',
    );
    expect(requests).toHaveLength(0);

    const controller = new AbortController();
    const reason = new Error('The visitor left.');
    const getting = leadbell.getFillToken(FLOW_ID, { signal: controller.signal });
    await waitForRequests(1);
    controller.abort(reason);
    expect(await rejectionOf(getting)).toBe(reason);
  });

  it('refuses a flow id that is not text, before sending anything', async () => {
    const { baseUrl, requests } = await serve({ status: 200, body: { token: FILL_TOKEN } });
    const error = await rejectionOf(client(baseUrl).getFillToken(undefined as unknown as string));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/getFillToken takes the flow id/);
    expect(requests).toHaveLength(0);
  });
});

describe('new Leadbell', () => {
  const baseUrl = 'https://leadbell.example.com';

  it.each([
    [{ apiKey: undefined, baseUrl }, /apiKey is missing.*process\.env\.LEADBELL_API_KEY/],
    [{ apiKey: '', baseUrl }, /apiKey is missing/],
    [{ apiKey: 'lb_live_abc\n', baseUrl }, /apiKey contains spaces or line breaks/],
    [{ apiKey: 'lb_live_é', baseUrl }, /apiKey must be plain ASCII/],
    [{ apiKey: API_KEY, baseUrl: '' }, /baseUrl is missing/],
    [
      { apiKey: API_KEY, baseUrl: 'leadbell.example.com' },
      /baseUrl must be an absolute http\(s\) URL.*got "leadbell\.example\.com"/,
    ],
    [{ apiKey: API_KEY, baseUrl: '/v1/notify' }, /baseUrl must be an absolute http\(s\) URL/],
    [{ apiKey: API_KEY, baseUrl: 'ftp://leadbell.example.com' }, /baseUrl must start with https:\/\//],
    [{ apiKey: API_KEY, baseUrl: 'https://leadbell.example.com/v1' }, /baseUrl is your Leadbell address without \/v1/],
    [{ apiKey: API_KEY, baseUrl: 'https://leadbell.example.com?x=1' }, /must not have a query/],
    [
      { apiKey: API_KEY, baseUrl: 'https://user:pass@leadbell.example.com' },
      /must not contain a user name or password/,
    ],
    [{ apiKey: API_KEY, baseUrl, maxRetries: -1 }, /maxRetries must be a whole number of 0 or more, got -1/],
    [{ apiKey: API_KEY, baseUrl, maxRetries: 1.5 }, /maxRetries must be a whole number/],
    [{ apiKey: API_KEY, baseUrl, timeoutMs: 0 }, /timeoutMs must be a positive number of milliseconds/],
  ])('refuses %o with a message that says how to fix it', (options, message) => {
    expect(() => new Leadbell(options as LeadbellOptions)).toThrow(TypeError);
    expect(() => new Leadbell(options as LeadbellOptions)).toThrow(message);
  });

  it('accepts an https or http address, with or without a trailing slash', () => {
    for (const url of [baseUrl, `${baseUrl}/`, 'http://127.0.0.1:3000']) {
      expect(() => new Leadbell({ apiKey: API_KEY, baseUrl: url })).not.toThrow();
    }
  });

  it('keeps the key out of what logging the client shows', () => {
    const leadbell = new Leadbell({ apiKey: API_KEY, baseUrl });
    expect(JSON.stringify(leadbell)).not.toContain(API_KEY);
    expect(Object.values(leadbell).join(' ')).not.toContain(API_KEY);
  });
});

describe('Leadbell.notify in a browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function inBrowser(href: string, referrer: string) {
    const url = new URL(href);
    const storage = new Map<string, string>();
    vi.stubGlobal('location', { href, search: url.search, hostname: url.hostname });
    vi.stubGlobal('document', { referrer });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    });
  }

  it('sends the page, the referrer and the landing page’s campaign parameters without being asked', async () => {
    inBrowser(
      'https://acme.example/contact?utm_source=google&utm_medium=cpc&utm_campaign=spring',
      'https://www.google.com/',
    );
    const { baseUrl, requests } = await serve(accepted());
    await client(baseUrl).notify({ flowId: FLOW_ID, data: { name: 'Ann' } });
    expect(JSON.parse(requests[0]!.body)).toEqual({
      flowId: FLOW_ID,
      data: { name: 'Ann' },
      pageUrl: 'https://acme.example/contact?utm_source=google&utm_medium=cpc&utm_campaign=spring',
      referrer: 'https://www.google.com/',
      attribution: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring' },
    });
  });

  it('what the caller gives wins, field by field', async () => {
    inBrowser('https://acme.example/contact?utm_source=google', 'https://www.google.com/');
    const { baseUrl, requests } = await serve(accepted());
    await client(baseUrl).notify({
      flowId: FLOW_ID,
      pageUrl: 'https://acme.example/quote',
      attribution: { utm_campaign: 'given' },
    });
    expect(JSON.parse(requests[0]!.body)).toEqual({
      flowId: FLOW_ID,
      pageUrl: 'https://acme.example/quote',
      referrer: 'https://www.google.com/',
      attribution: { utm_campaign: 'given' },
    });
  });

  it('on a server nothing is added', async () => {
    const { baseUrl, requests } = await serve(accepted());
    await client(baseUrl).notify({ flowId: FLOW_ID, referrer: 'https://partner.example/' });
    expect(JSON.parse(requests[0]!.body)).toEqual({ flowId: FLOW_ID, referrer: 'https://partner.example/' });
  });
});
