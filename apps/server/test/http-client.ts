import type { TestApp } from './test-app.ts';

let clientsCreated = 0;

function nextTestNetIp(): string {
  clientsCreated += 1;
  return `203.0.113.${(clientsCreated % 254) + 1}`;
}

export type JsonResponse<T = any> = { status: number; body: T; headers: Headers };

/**
 * A minimal browser stand-in: keeps cookies like a browser would, sends the Origin header
 * better-auth requires on every POST, and comes from its own address (a TEST-NET-3 IP in
 * X-Forwarded-For, trusted by the test app) so per-IP rate limits treat clients as people. With
 * an API key (`bearer`) it stands in for a website's server instead, which sends no Origin (a
 * page's script would, and would send a fill-time token with it: decision 039).
 */
export function createHttpClient(
  app: Pick<TestApp, 'baseUrl'>,
  { bearer, ip = nextTestNetIp() }: { bearer?: string; ip?: string } = {},
) {
  const cookies = new Map<string, string>();

  async function request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: {
        ...(!bearer && { origin: app.baseUrl }),
        'x-forwarded-for': ip,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(cookies.size > 0 && { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }),
        ...(bearer && { authorization: `Bearer ${bearer}` }),
        ...headers,
      },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0/i.test(cookie) || value.join('=') === '') cookies.delete(name!);
      else cookies.set(name!, value.join('='));
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as T) : (null as T), headers: response.headers };
  }

  return {
    cookies,
    get: <T = any>(path: string, headers?: Record<string, string>) => request<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
      request<T>('POST', path, body, headers),
    put: <T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
      request<T>('PUT', path, body, headers),
    patch: <T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
      request<T>('PATCH', path, body, headers),
    delete: <T = any>(path: string, headers?: Record<string, string>) => request<T>('DELETE', path, undefined, headers),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
